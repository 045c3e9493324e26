import type { Abuse } from '../abuse/abuse.js';
import type { AbuseOperator } from '../abuse/operator.js';
import type { ReportService } from '../abuse/reports.js';
import type { ApiKeyService } from '../auth/api-keys.js';
import type { Keyring } from '../auth/keyring.js';
import type { Config } from '../config/env.js';
import type { Clock } from '../domain/clock.js';
import type { LinkEvents, OperationalEvents } from '../domain/events/link-events.js';
import type { ServiceEvents } from '../domain/events/service-events.js';
import type { Health } from '../health/health-wiring.js';
import type { FieldLimiter } from '../limits/field-limits.js';
import type { RateLimiter } from '../limits/rate-limit.js';
import type { Metrics } from '../observability/metrics.js';
import type { ClickRecorder } from '../redirect/click-recorder.js';
import type { CityLookup, GeoLookup } from '../redirect/geo.js';
import type { RedirectHandler } from '../redirect/redirect-handler.js';
import type { AccountService } from '../services/accounts/account-service.js';
import type { Directory } from '../services/accounts/directory.js';
import type { MemberService } from '../services/accounts/member-service.js';
import type { OidcService } from '../services/accounts/oidc-service.js';
import type { PasskeyService } from '../services/accounts/passkey-service.js';
import type { PasswordResets } from '../services/accounts/password-resets.js';
import type { SessionService } from '../services/accounts/session-service.js';
import type { SignInService } from '../services/accounts/sign-in-service.js';
import type { TwoFactorService } from '../services/accounts/two-factor-service.js';
import type { AnalyticsService } from '../services/analytics/analytics-service.js';
import type { ClickEventsService } from '../services/analytics/events-service.js';
import type { SharedAnalyticsService } from '../services/analytics/shared-report.js';
import type { AnalyticsShareService } from '../services/analytics/shares.js';
import type { AuditRecorder } from '../services/audit/audit-recorder.js';
import type { AuditService } from '../services/audit/audit-service.js';
import type { BulkLinkService } from '../services/bulk-links.js';
import type { DomainSettingsService } from '../services/domain-settings.js';
import type { IdempotencyService } from '../services/idempotency.js';
import type { LinkService } from '../services/link-service.js';
import type { Mailer } from '../services/mail/mailer.js';
import type { ReportSender } from '../services/scheduled-reports/report-sender.js';
import type { ScheduledReportService } from '../services/scheduled-reports/report-service.js';
import type { StatsService } from '../services/stats-service.js';
import type { Upkeep } from '../services/upkeep.js';
import type { UtmTemplateService } from '../services/utm-templates.js';
import type { WorkspacePurge } from '../services/workspace-purge.js';
import type { WorkspaceService } from '../services/workspace-service.js';
import type { Repositories } from '../storage/repositories.js';
import type { Webhooks } from '../webhooks/wiring.js';

/** Everything the edges (HTTP, GraphQL, CLI) call into. Built once per process by buildServices (build-services.ts). */
export interface Services {
  config: Config;
  clock: Clock;
  /** Prometheus metrics (/metrics): any part of the service declares its own here. */
  metrics: Metrics;
  /** The storage, one repository per aggregate: for the services' wiring, tests and the bench; the edges go through the services. */
  repos: Repositories;
  /** The store itself, for the process: its kind (logs, /readyz), a ping (/readyz), and close at shutdown. */
  store: Pick<Repositories, 'kind' | 'ping' | 'close'>;
  /** Expired sessions, one-time records and invites, swept now and then. */
  upkeep: Upkeep;
  /** Deleted workspaces' data, deleted in batches (docs/adr/0177): at start, after each deletion, with the sweeps. */
  workspacePurge: WorkspacePurge;
  keyring: Keyring;
  keys: ApiKeyService;
  links: LinkService;
  /** Bulk create, update and delete of up to 100 links per call. */
  bulkLinks: BulkLinkService;
  /** Idempotency-Key: claims, kept answers, replays. */
  idempotency: IdempotencyService;
  linkEvents: LinkEvents;
  /** What the services did, as typed events (who, what, which target, which request): the audit log listens. */
  serviceEvents: ServiceEvents;
  /** Buffers the events as audit entries and writes them off the request path (flush on stop). */
  auditRecorder: AuditRecorder;
  /** Reading the audit log, its CSV, and its retention sweep. */
  audit: AuditService;
  workspaces: WorkspaceService;
  /** Custom domains' settings (root, not-found and expired URLs, crawlable, app-link files). */
  domainSettings: DomainSettingsService;
  /** The workspaces' UTM templates. */
  utmTemplates: UtmTemplateService;
  /** Shared read-only analytics (docs/adr/0215): the workspace's shares, and their public read. */
  analyticsShares: AnalyticsShareService;
  sharedAnalytics: SharedAnalyticsService;
  stats: StatsService;
  /** Workspace analytics: time series in a time zone, breakdowns, top links and tags. */
  analytics: AnalyticsService;
  /** Scheduled analytics reports by email (docs/adr/0219), and their sweep (src/server.ts, each minute). */
  scheduledReports: ScheduledReportService;
  reportSender: ReportSender;
  /** People's clicks one by one (kept LSK_CLICK_EVENTS_DAYS). */
  clickEvents: ClickEventsService;
  /** The plan limit (per workspace, rolling 60 s): in process on SQLite, shared through the store on MongoDB. */
  limiter: RateLimiter;
  /** Per-field limits (graphql-rate-limit) on the same store. */
  fieldLimit: FieldLimiter;
  /** IP -> country for redirects (null when LSK_COUNTRY_HEADER is set: the header is trusted instead). */
  geo: GeoLookup | null;
  /** IP -> region and city (LSK_GEOIP_CITY_DB; null when trusted headers give them, or no database is set). */
  city: CityLookup | null;
  /** The in-memory click counters behind redirects (written at most once a second). */
  clicks: ClickRecorder;
  /** Short links answered: the link cache (invalidated by link events), the redirect rules, the password form. */
  redirects: RedirectHandler;
  /** Users, passwords and password-set links. */
  accounts: AccountService;
  /** Dashboard sessions. */
  sessions: SessionService;
  /** Plain lookups of users, memberships, invites and keys, for the edges. */
  directory: Directory;
  /** Members and invites of a workspace. */
  members: MemberService;
  /** Sign-in in one or two steps (password, passkey; then a second factor when the user has one). */
  signIn: SignInService;
  /** Authenticator apps (TOTP) and recovery codes. */
  twoFactor: TwoFactorService;
  passkeys: PasskeyService;
  /** OpenID Connect single sign-on; null unless LSK_OIDC_* are set. */
  oidc: OidcService | null;
  /** Self-service password resets by email. */
  passwordResets: PasswordResets;
  /** Email through LSK_SMTP_URL (or nothing when unset). */
  mailer: Mailer;
  /** Webhook endpoints, the outbox the services emit events into, and the delivery worker. */
  webhooks: Webhooks;
  /** What abuse controls and health checks did; those concerning a workspace reach its audit log (audit/operational-events.ts). */
  events: OperationalEvents;
  /** Blocked hosts, disabled links, suspended workspaces: asked by link writes, redirects and the API guard. */
  abuse: Abuse;
  /** The operator's abuse commands (the CLI). */
  abuseOperator: AbuseOperator;
  /** Abuse reports: POST /report and `lsk reports list`. */
  reports: ReportService;
  /** Destination health: the link services' side and the checker. */
  health: Health;
}
