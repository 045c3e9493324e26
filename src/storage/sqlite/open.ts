import type { Clock } from '../../domain/clock.js';
import { SqliteAnalyticsShares } from '../analytics-shares/sqlite.js';
import { SqliteAudit } from '../audit/sqlite.js';
import { SqliteBlocklist } from '../blocklist/sqlite.js';
import { SqliteClicks, type SqliteClicksOptions } from '../clicks/sqlite.js';
import { SqliteCounters } from '../counters/sqlite.js';
import { SqliteDomains } from '../domains/sqlite.js';
import { raisingStoreFailures } from '../failures.js';
import { SqliteHealth } from '../health/sqlite.js';
import { SqliteIdempotency } from '../idempotency/sqlite.js';
import { SqliteApiKeys, SqliteSigningKeys } from '../keys/sqlite.js';
import { SqliteLinks } from '../links/sqlite.js';
import { SqliteMembers } from '../members/sqlite.js';
import { SqliteModeration } from '../moderation/sqlite.js';
import { SqliteOneTime } from '../one-time/sqlite.js';
import { SqlitePasskeys } from '../passkeys/sqlite.js';
import { SqliteReports } from '../reports/sqlite.js';
import type { Repositories } from '../repositories.js';
import { SqliteScheduledReports } from '../scheduled-reports/sqlite.js';
import { SqliteSessions } from '../sessions/sqlite.js';
import { SqliteTags } from '../tags/sqlite.js';
import { SqliteTwoFactor } from '../two-factor/sqlite.js';
import { SqliteUsers } from '../users/sqlite.js';
import { SqliteUtmTemplates } from '../utm-templates/sqlite.js';
import { SqliteWebhooks } from '../webhooks/sqlite.js';
import { SqliteWorkspaces } from '../workspaces/sqlite.js';
import { SqliteConnection } from './connection.js';
import { sqliteFailureKind } from './failures.js';

/**
 * The embedded store: one SQLite file (WAL) shared by every repository, created and migrated on
 * first start. SQLite's result codes leave as StoreFailure kinds (busy, disk, constraint).
 */
export function openSqlite(path: string, clock?: Clock, clicksOptions: SqliteClicksOptions = {}): Repositories {
  const conn = new SqliteConnection(path);
  const clicks = new SqliteClicks(conn, clock, clicksOptions);
  return raisingStoreFailures<Repositories>(
    {
      kind: 'sqlite',
      capabilities: { shared: false },
      workspaces: new SqliteWorkspaces(conn),
      links: new SqliteLinks(conn),
      tags: new SqliteTags(conn),
      domains: new SqliteDomains(conn),
      apiKeys: new SqliteApiKeys(conn),
      signingKeys: new SqliteSigningKeys(conn),
      clicks,
      counters: new SqliteCounters(conn),
      idempotency: new SqliteIdempotency(conn),
      users: new SqliteUsers(conn),
      members: new SqliteMembers(conn),
      sessions: new SqliteSessions(conn),
      webhooks: new SqliteWebhooks(conn),
      twoFactor: new SqliteTwoFactor(conn),
      passkeys: new SqlitePasskeys(conn),
      oneTime: new SqliteOneTime(conn),
      utmTemplates: new SqliteUtmTemplates(conn),
      analyticsShares: new SqliteAnalyticsShares(conn),
      audit: new SqliteAudit(conn),
      blocklist: new SqliteBlocklist(conn),
      moderation: new SqliteModeration(conn),
      reports: new SqliteReports(conn),
      scheduledReports: new SqliteScheduledReports(conn),
      health: new SqliteHealth(conn),
      init: async () => {
        conn.migrate();
        await clicks.init();
      },
      ping: async () => {
        conn.stmt('SELECT 1').get();
      },
      close: async () => {
        await clicks.close();
        conn.close();
      },
    },
    sqliteFailureKind,
  );
}
