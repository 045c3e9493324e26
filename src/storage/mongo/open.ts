import type { Clock } from '../../domain/clock.js';
import { ANALYTICS_SHARE_INDEXES, MongoAnalyticsShares } from '../analytics-shares/mongo.js';
import { AUDIT_INDEXES, MongoAudit } from '../audit/mongo.js';
import { MongoBlocklist } from '../blocklist/mongo.js';
import { MongoClicks, type MongoClicksOptions } from '../clicks/mongo.js';
import { CLICK_INDEXES } from '../clicks/mongo-docs.js';
import { COUNTER_INDEXES, MongoCounters } from '../counters/mongo.js';
import { DOMAIN_INDEXES, MongoDomains } from '../domains/mongo.js';
import { raisingStoreFailures } from '../failures.js';
import { HEALTH_INDEXES, MongoHealth } from '../health/mongo.js';
import { IDEMPOTENCY_INDEXES, MongoIdempotency } from '../idempotency/mongo.js';
import { KEY_INDEXES, MongoApiKeys, MongoSigningKeys } from '../keys/mongo.js';
import { LINK_INDEXES, MongoLinks } from '../links/mongo.js';
import { MEMBER_INDEXES, MongoMembers } from '../members/mongo.js';
import { MODERATION_INDEXES, MongoModeration } from '../moderation/mongo.js';
import { MongoOneTime } from '../one-time/mongo.js';
import { MongoPasskeys, PASSKEY_INDEXES } from '../passkeys/mongo.js';
import { MongoReports, REPORT_INDEXES } from '../reports/mongo.js';
import type { Repositories } from '../repositories.js';
import { MongoScheduledReports, SCHEDULED_REPORT_INDEXES } from '../scheduled-reports/mongo.js';
import { MongoSessions, SESSION_INDEXES } from '../sessions/mongo.js';
import { MongoTags, TAG_INDEXES } from '../tags/mongo.js';
import { MongoTwoFactor } from '../two-factor/mongo.js';
import { MongoUsers, USER_INDEXES } from '../users/mongo.js';
import { MongoUtmTemplates, UTM_TEMPLATE_INDEXES } from '../utm-templates/mongo.js';
import { MongoWebhooks, WEBHOOK_INDEXES } from '../webhooks/mongo.js';
import { MongoWorkspaces, WORKSPACE_INDEXES } from '../workspaces/mongo.js';
import { MongoConnection, type MongoOptions } from './connection.js';
import { mongoFailureKind } from './failures.js';
import { ONE_TIME_INDEXES } from './one-time.js';

const INDEXES = [
  ...WORKSPACE_INDEXES,
  ...LINK_INDEXES,
  ...TAG_INDEXES,
  ...DOMAIN_INDEXES,
  ...KEY_INDEXES,
  ...CLICK_INDEXES,
  ...COUNTER_INDEXES,
  ...IDEMPOTENCY_INDEXES,
  ...WEBHOOK_INDEXES,
  ...UTM_TEMPLATE_INDEXES,
  ...ANALYTICS_SHARE_INDEXES,
  ...AUDIT_INDEXES,
  ...SCHEDULED_REPORT_INDEXES,
];
const ABUSE_INDEXES = [...MODERATION_INDEXES, ...REPORT_INDEXES, ...HEALTH_INDEXES];
const ACCOUNT_INDEXES = [...USER_INDEXES, ...MEMBER_INDEXES, ...SESSION_INDEXES, ...ONE_TIME_INDEXES, ...PASSKEY_INDEXES];

/**
 * MongoDB: one client shared by every repository; indexes are created (idempotently) at init. The
 * driver's errors leave as StoreFailure kinds (unavailable, timeout, constraint).
 */
export function openMongo(uri: string, opts: MongoOptions & { clicks?: MongoClicksOptions }, clock: Clock): Repositories {
  const conn = new MongoConnection(uri, opts);
  const clicks = new MongoClicks(conn, clock, opts.clicks);
  const links = new MongoLinks(conn);
  const idempotency = new MongoIdempotency(conn);
  return raisingStoreFailures<Repositories>(
    {
      kind: 'mongodb',
      capabilities: { shared: true },
      workspaces: new MongoWorkspaces(conn),
      links,
      tags: new MongoTags(conn),
      domains: new MongoDomains(conn),
      apiKeys: new MongoApiKeys(conn),
      signingKeys: new MongoSigningKeys(conn),
      clicks,
      counters: new MongoCounters(conn),
      idempotency,
      users: new MongoUsers(conn),
      members: new MongoMembers(conn),
      sessions: new MongoSessions(conn),
      webhooks: new MongoWebhooks(conn),
      twoFactor: new MongoTwoFactor(conn),
      passkeys: new MongoPasskeys(conn),
      oneTime: new MongoOneTime(conn),
      utmTemplates: new MongoUtmTemplates(conn),
      analyticsShares: new MongoAnalyticsShares(conn),
      audit: new MongoAudit(conn),
      blocklist: new MongoBlocklist(conn),
      moderation: new MongoModeration(conn),
      reports: new MongoReports(conn),
      scheduledReports: new MongoScheduledReports(conn),
      health: new MongoHealth(conn),
      init: async () => {
        await conn.init([...INDEXES, ...ACCOUNT_INDEXES, ...ABUSE_INDEXES]);
        await links.init();
        await clicks.init();
        await idempotency.init();
      },
      ping: () => conn.ping(),
      close: async () => {
        await clicks.close();
        await conn.close();
      },
    },
    mongoFailureKind,
  );
}
