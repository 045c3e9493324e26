import type { AnalyticsSharesRepository } from './analytics-shares/repository.js';
import type { AuditRepository } from './audit/repository.js';
import type { BlocklistRepository } from './blocklist/repository.js';
import type { ClicksRepository } from './clicks/repository.js';
import type { CountersRepository } from './counters/repository.js';
import type { DomainsRepository } from './domains/repository.js';
import type { HealthRepository } from './health/repository.js';
import type { IdempotencyRepository } from './idempotency/repository.js';
import type { ApiKeysRepository, SigningKeysRepository } from './keys/repository.js';
import type { LinksRepository } from './links/repository.js';
import type { MembersRepository } from './members/repository.js';
import type { ModerationRepository } from './moderation/repository.js';
import type { OneTimeRepository } from './one-time/repository.js';
import type { PasskeysRepository } from './passkeys/repository.js';
import type { ReportsRepository } from './reports/repository.js';
import type { ScheduledReportsRepository } from './scheduled-reports/repository.js';
import type { SessionsRepository } from './sessions/repository.js';
import type { TagsRepository } from './tags/repository.js';
import type { TwoFactorRepository } from './two-factor/repository.js';
import type { UsersRepository } from './users/repository.js';
import type { UtmTemplatesRepository } from './utm-templates/repository.js';
import type { WebhooksRepository } from './webhooks/repository.js';
import type { WorkspacesRepository } from './workspaces/repository.js';

/**
 * The storage seam (docs/adr/0015): one repository per aggregate, each with a SQLite and a MongoDB adapter that pass
 * the same contract suite (test/contract). Every workspace-owned read or write takes the workspace
 * id: nothing crosses workspaces. New aggregates get a folder of their own beside these
 * (`<aggregate>/repository.ts`, `sqlite.ts`, `mongo.ts`) and a property here.
 */
/** What a store offers beyond the repositories, so the services ask this and never the store's kind. */
export interface StoreCapabilities {
  /**
   * Several lsk instances may serve from it (MongoDB; the embedded SQLite file serves one): plan
   * limits are then kept in the store, and cached reads expire so another instance's change shows.
   */
  readonly shared: boolean;
}

export interface Repositories {
  /** Which store this is, for logs and /readyz only: decisions read `capabilities`. */
  readonly kind: 'sqlite' | 'mongodb';
  readonly capabilities: StoreCapabilities;
  readonly workspaces: WorkspacesRepository;
  readonly links: LinksRepository;
  readonly tags: TagsRepository;
  readonly domains: DomainsRepository;
  readonly apiKeys: ApiKeysRepository;
  readonly signingKeys: SigningKeysRepository;
  readonly clicks: ClicksRepository;
  readonly counters: CountersRepository;
  readonly idempotency: IdempotencyRepository;
  readonly users: UsersRepository;
  readonly members: MembersRepository;
  readonly sessions: SessionsRepository;
  readonly webhooks: WebhooksRepository;
  /** Authenticator apps (TOTP) and their recovery codes. */
  readonly twoFactor: TwoFactorRepository;
  readonly passkeys: PasskeysRepository;
  /** Whatever may happen once (a code used, a challenge taken): unique-key inserts. */
  readonly oneTime: OneTimeRepository;
  readonly utmTemplates: UtmTemplatesRepository;
  /** Shared read-only analytics (docs/adr/0215). */
  readonly analyticsShares: AnalyticsSharesRepository;
  /** The operator's blocked hosts (`lsk blocklist`). */
  readonly blocklist: BlocklistRepository;
  /** Disabled links and suspended workspaces. */
  readonly moderation: ModerationRepository;
  /** Abuse reports (`POST /report`). */
  readonly reports: ReportsRepository;
  /** Scheduled analytics reports by email and their period claims (docs/adr/0219). */
  readonly scheduledReports: ScheduledReportsRepository;
  /** Destination health: check jobs, claims and each link's state. */
  readonly health: HealthRepository;
  /** The audit log (docs/adr/0120). */
  readonly audit: AuditRepository;
  /** Migrations (SQLite) or indexes (MongoDB), and any one-time data move they need. */
  init(): Promise<void>;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
