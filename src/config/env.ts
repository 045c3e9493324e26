import { z } from 'zod';
import { normalizeHost } from '../domain/field-rules.js';
import { ConfigError } from './config-error.js';
import { PROJECT_ROOT, projectPath, resolveDatabaseUrl } from './project.js';
import { allowPrivateSchema, headerName, hoursSchema, httpUrl, intFrom, matching, textUpTo } from './setting-values.js';

const envSchema = z
  .object({
    PORT: intFrom(8080, 0, 65535),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .default('file:./data/lsk.db')
      .refine((v) => /^(file:.+|mongodb(\+srv)?:\/\/.+)$/.test(v), 'must be file:PATH, mongodb://... or mongodb+srv://...'),
    LSK_DEFAULT_DOMAIN: z.string().optional(),
    LSK_COUNTRY_HEADER: headerName(),
    LSK_REGION_HEADER: headerName(),
    LSK_CITY_HEADER: headerName(),
    LSK_GEOIP_CITY_DB: z.string().min(1).optional(),
    LSK_CLICK_EVENTS_DAYS: intFrom(90, 0, 3660),
    LSK_CLICK_WRITER_NICE: intFrom(0, 0, 19),
    LSK_TRUST_PROXY: intFrom(0, 0, 20),
    LSK_REDIRECT_STATUS: intFrom(302, 301, 308).refine((v) => [301, 302, 303, 307, 308].includes(v), 'must be 301, 302, 303, 307 or 308'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_FORMAT: z.enum(['json', ''], { error: 'must be json (JSON lines only) or unset' }).optional(),
    LSK_SIGNING_KEY_ROTATE_DAYS: intFrom(30, 1, 3650),
    LSK_KEY_TTL_DAYS: intFrom(90, 1, 3650),
    LSK_KEY_RENEW_DAYS: intFrom(14, 0, 3650),
    LSK_CORS_ORIGINS: z.string().optional(),
    LSK_GEOIP_DB: z.string().min(1).optional(),
    LSK_HEADERS_TIMEOUT_MS: intFrom(10_000, 100, 600_000),
    LSK_BODY_TIMEOUT_MS: intFrom(30_000, 100, 600_000),
    LSK_ANON_GRAPHQL_RPM: intFrom(60, 1, 1_000_000),
    LSK_TEST_CLOCK_FILE: z.string().min(1).optional(),
    LSK_NOT_FOUND_URL: httpUrl(),
    LSK_ROOT_URL: httpUrl(),
    LSK_PUBLIC_URL: matching(/^https?:\/\/[^/?#\s]+\/?$/, 'must be an http:// or https:// origin such as https://links.example.com'),
    LSK_SESSION_RPM: intFrom(600, 1, 1_000_000),
    LSK_PASSWORD_COST: intFrom(15, 12, 17),
    LSK_AUDIT_DAYS: intFrom(365, 0, 36_500),
    LSK_STALE_MAX_S: intFrom(3600, 0, 604_800),
    LSK_SEMI_SPACE_MB: intFrom(16, 0, 1024),
    LSK_HEAP_GROWTH_PERCENT: intFrom(0, 0, 1000),
    LSK_WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false', '']).optional(),
    LSK_SMTP_URL: matching(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.com:587'),
    LSK_SMTP_FROM: textUpTo(320),
    LSK_OIDC_ISSUER: matching(/^https?:\/\/[^\s]+$/, "must be the provider's issuer URL, such as https://accounts.example.com"),
    LSK_OIDC_CLIENT_ID: textUpTo(1024),
    LSK_OIDC_CLIENT_SECRET: textUpTo(4096),
    LSK_OIDC_AUTO_JOIN: matching(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?:(owner|admin|member|viewer)$/, 'must be <workspace slug>:<role>, e.g. acme:member'),
    LSK_BLOCKLIST_FILE: z.string().min(1).optional(),
    LSK_HEALTH_INTERVAL_H: hoursSchema,
    LSK_HEALTH_ALLOW_PRIVATE: allowPrivateSchema,
    LSK_METRICS_TOKEN: matching(/^[\x21-\x7e]{16,512}$/, 'must be 16 to 512 printable characters without spaces'),
  })
  .transform((e, ctx) => {
    const defaultDomainRaw = e.LSK_DEFAULT_DOMAIN ?? `localhost:${e.PORT}`;
    const host = normalizeHost(defaultDomainRaw);
    if ('problem' in host) {
      ctx.addIssue({ code: 'custom', path: ['LSK_DEFAULT_DOMAIN'], message: host.problem });
      return z.NEVER;
    }
    const oidcSet = [e.LSK_OIDC_ISSUER, e.LSK_OIDC_CLIENT_ID, e.LSK_OIDC_CLIENT_SECRET].filter((v) => v !== undefined).length;
    if (oidcSet !== 0 && oidcSet !== 3) {
      ctx.addIssue({ code: 'custom', path: ['LSK_OIDC_ISSUER'], message: 'LSK_OIDC_ISSUER, LSK_OIDC_CLIENT_ID and LSK_OIDC_CLIENT_SECRET go together' });
      return z.NEVER;
    }
    if (e.LSK_KEY_RENEW_DAYS >= e.LSK_KEY_TTL_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['LSK_KEY_RENEW_DAYS'], message: 'must be less than LSK_KEY_TTL_DAYS' });
      return z.NEVER;
    }
    const publicUrl = (e.LSK_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
    const [joinSlug, joinRole] = (e.LSK_OIDC_AUTO_JOIN ?? '').split(':') as [string, 'owner' | 'admin' | 'member' | 'viewer'];
    return {
      port: e.PORT,
      host: e.HOST,
      databaseUrl: e.DATABASE_URL,
      defaultDomain: host.host,
      countryHeader: e.LSK_COUNTRY_HEADER,
      /** Trusted headers holding the visitor's region (ISO 3166-2, or its subdivision part) and city. */
      regionHeader: e.LSK_REGION_HEADER,
      cityHeader: e.LSK_CITY_HEADER,
      /** An MMDB city database (GeoLite2-City format) for region and city when no header gives them. */
      geoipCityDb: e.LSK_GEOIP_CITY_DB,
      /** Days click events are kept (0: none are written). */
      clickEventsDays: e.LSK_CLICK_EVENTS_DAYS,
      /** Steps of nice the SQLite click writer thread runs below the process (Linux; 0: the same priority). */
      clickWriterNice: e.LSK_CLICK_WRITER_NICE,
      trustProxy: e.LSK_TRUST_PROXY,
      redirectStatus: e.LSK_REDIRECT_STATUS as 301 | 302 | 303 | 307 | 308,
      logLevel: e.LOG_LEVEL,
      /** Besides the JSON log, one line for people at start (where to go); not with LOG_FORMAT=json. */
      startLine: e.LOG_FORMAT !== 'json',
      signingKeyRotateDays: e.LSK_SIGNING_KEY_ROTATE_DAYS,
      keyTtlDays: e.LSK_KEY_TTL_DAYS,
      keyRenewDays: e.LSK_KEY_RENEW_DAYS,
      geoipDb: e.LSK_GEOIP_DB,
      headersTimeoutMs: e.LSK_HEADERS_TIMEOUT_MS,
      bodyTimeoutMs: e.LSK_BODY_TIMEOUT_MS,
      anonymousGraphqlRpm: e.LSK_ANON_GRAPHQL_RPM,
      testClockFile: e.LSK_TEST_CLOCK_FILE,
      /** Webhook targets may be private and loopback addresses (tests, private deployments). */
      webhookAllowPrivate: e.LSK_WEBHOOK_ALLOW_PRIVATE === 'true',
      /** When set, /metrics answers only `Authorization: Bearer <token>`. */
      metricsToken: e.LSK_METRICS_TOKEN,
      /** Unknown aliases redirect here instead of the 404 page. */
      notFoundUrl: e.LSK_NOT_FOUND_URL,
      /** Where `GET /` goes (default /dashboard). */
      rootUrl: e.LSK_ROOT_URL ?? '/dashboard',
      /** The dashboard's and sign-in links' base URL (no trailing slash). */
      publicUrl,
      /** Email through this SMTP server (nodemailer's URL form); undefined: no email is sent. */
      smtpUrl: e.LSK_SMTP_URL,
      smtpFrom: e.LSK_SMTP_FROM ?? `lsk <no-reply@${new URL(publicUrl).hostname}>`,
      /** OpenID Connect single sign-on, when all three are set. */
      oidc:
        e.LSK_OIDC_ISSUER && e.LSK_OIDC_CLIENT_ID && e.LSK_OIDC_CLIENT_SECRET
          ? {
              issuer: e.LSK_OIDC_ISSUER,
              clientId: e.LSK_OIDC_CLIENT_ID,
              clientSecret: e.LSK_OIDC_CLIENT_SECRET,
              autoJoin: e.LSK_OIDC_AUTO_JOIN ? { slug: joinSlug, role: joinRole } : null,
            }
          : null,
      /** Requests per minute of one signed-in dashboard user (all their sessions and workspaces). */
      sessionRpm: e.LSK_SESSION_RPM,
      /** log2 of scrypt's N for new password hashes (src/domain/passwords.ts). */
      passwordCost: e.LSK_PASSWORD_COST,
      /** Audit entries are kept this many days (0: none are recorded). */
      auditDays: e.LSK_AUDIT_DAYS,
      /** A cached link whose re-read fails may still be served this long after it was last read (0: never). */
      staleMaxS: e.LSK_STALE_MAX_S,
      /** V8's young generation cap per semi space, in MB, applied by src/main.ts at start (0: V8's own sizing). */
      semiSpaceMb: e.LSK_SEMI_SPACE_MB,
      /** How much V8's old generation may grow past what survived a full collection, in percent (0: V8's own factor); src/main.ts. */
      heapGrowthPercent: e.LSK_HEAP_GROWTH_PERCENT,
      /** Blocked hosts, one a line (hosts files and adblock domain lists too); re-read when it changes. */
      blocklistFile: e.LSK_BLOCKLIST_FILE,
      /** How often every link's targets are checked, in ms (0: never). */
      healthIntervalMs: Math.round(e.LSK_HEALTH_INTERVAL_H * 3_600_000),
      /** Health checks may reach every private address (all), or these ranges of them. */
      healthAllowPrivate: e.LSK_HEALTH_ALLOW_PRIVATE,
      corsOrigins: (e.LSK_CORS_ORIGINS ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    };
  });

export type Config = z.output<typeof envSchema>;

/** Every variable lsk reads (the README's configuration table documents each). */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.in.shape);

// In a file of its own: `lsk --help` and the start's failure paths name it without loading zod.
export { ConfigError };

/**
 * Read and validate the environment once; a bad setting is one clear line. Relative file paths
 * (DATABASE_URL `file:`, LSK_GEOIP_DB, LSK_BLOCKLIST_FILE) are made absolute against the project root, not the current
 * directory, so every process of one installation opens the same files.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = PROJECT_ROOT): Config {
  const r = envSchema.safeParse(env);
  if (r.success) {
    const { databaseUrl, geoipDb, geoipCityDb, blocklistFile } = r.data;
    return {
      ...r.data,
      databaseUrl: resolveDatabaseUrl(databaseUrl, root),
      geoipDb: geoipDb && projectPath(geoipDb, root),
      geoipCityDb: geoipCityDb && projectPath(geoipCityDb, root),
      blocklistFile: blocklistFile && projectPath(blocklistFile, root),
    };
  }
  const lines = r.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`);
  throw new ConfigError(`invalid configuration: ${lines.join('; ')}`);
}
