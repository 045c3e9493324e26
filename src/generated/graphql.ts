export type Maybe<T> = T | null;
export type InputMaybe<T> = T | null | undefined;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** A JSON object served as /.well-known/apple-app-site-association. Accepted as a variable or an inline literal; validated field by field (validation_failed names each problem). */
  AppSiteAssociation: { input: Record<string, unknown>; output: Record<string, unknown>; }
  /** A JSON array served as /.well-known/assetlinks.json. Accepted as a variable or an inline literal; validated field by field (validation_failed names each problem). */
  AssetLinks: { input: unknown[]; output: unknown[]; }
  /** An ISO 8601 UTC date-time with milliseconds, e.g. 2026-11-21T10:15:00.123Z (as input, any offset). */
  DateTime: { input: string; output: string; }
  /** Device-to-URL map: keys ios (iPhone, iPad, iPod) and android, values absolute http(s) URLs, e.g. {"ios": "https://apps.apple.com/app/id1"}. Accepted as a variable or an inline object literal. */
  DeviceTargeting: { input: { ios?: string; android?: string }; output: { ios?: string; android?: string }; }
  /** Country-to-URL map: keys are ISO 3166-1 alpha-2 codes in upper case, values absolute http(s) URLs, e.g. {"DE": "https://example.de/"}. Accepted as a variable or an inline object literal. */
  GeoTargeting: { input: Record<string, string>; output: Record<string, string>; }
  /** A JSON object of link fields exactly as createLink (or updateLink) takes them, e.g. {"destination": "https://example.com/", "alias": "spring"}. Accepted as a variable or an inline object literal; checked item by item. */
  LinkFields: { input: Record<string, unknown>; output: Record<string, unknown>; }
  /** The social preview link-preview crawlers get: any of title (<= 120), description (<= 300), image (https URL). Accepted as a variable or an inline literal; validated field by field (validation_failed names each problem). */
  LinkPreview: { input: { title?: string; description?: string; image?: string }; output: { title?: string; description?: string; image?: string }; }
  /** Ordered redirect rules (at most 50), e.g. [{"if": {"country": ["DE"], "device": ["mobile"]}, "to": "https://m.example.de/"}]. Conditions: country, continent, region, device, os, browser, language (lists, any case), query (param -> value, "*" = present), ip (CIDR blocks), after / before (date-times); all present must hold; the first matching rule wins. Accepted as a variable or an inline literal; validated field by field (validation_failed names each problem). */
  LinkRules: { input: Array<{ if: Record<string, unknown>; to: string }>; output: Array<{ if: Record<string, unknown>; to: string }>; }
  /** A/B variants: 2-10 {"url", "weight"} with whole-number weights 1-100 summing to 100; a visitor keeps the variant first drawn. Accepted as a variable or an inline literal; validated field by field (validation_failed names each problem). */
  LinkVariants: { input: Array<{ url: string; weight: number }>; output: Array<{ url: string; weight: number }>; }
  /** UTM values: any of source, medium, campaign, term, content (1-100 characters each). Accepted as a variable or an inline literal; validated field by field (validation_failed names each problem). */
  Utm: { input: { source?: string; medium?: string; campaign?: string; term?: string; content?: string }; output: { source?: string; medium?: string; campaign?: string; term?: string; content?: string }; }
};

/** Clicks of the workspace (or of a link, tag or domain) over a window, as a time series or grouped. */
export type Analytics = {
  /** Time series: every bucket, oldest first, zeros included. Otherwise: most clicks first (ties by key), at most `limit`. */
  data: Array<AnalyticsItem>;
  /** First instant of the window. */
  from: Scalars['DateTime']['output'];
  /** timeseries, countries, referrers, devices, browsers, os, links, tags, continents, regions, cities, referrer_urls, utm_sources, utm_mediums, utm_campaigns, utm_terms, utm_contents, triggers, languages, variants, domains, referrer_sources. */
  group_by: AnalyticsGroupBy;
  /** Bucket size of a time series (hour, day, week or month); null otherwise. */
  interval: Maybe<AnalyticsInterval>;
  /** With `compare: previous`: the window just before and its totals; null otherwise. */
  previous: Maybe<AnalyticsPrevious>;
  /** The IANA time zone day, week and month buckets and date bounds follow. */
  timezone: Scalars['String']['output'];
  /** End of the window (exclusive). */
  to: Scalars['DateTime']['output'];
  total: ClickTotals;
};

/** What a report is compared with: previous, the window just before (as many whole local days when from and to are local midnights, as many calendar months when both are the first of a month, else the same length; while the window is still counting, only up to the same point). */
export type AnalyticsCompare =
  | 'previous';

/** What analytics groups clicks by: timeseries (buckets of `interval`), links (top links), tags, or a recorded value (countries, referrers, ...). */
export type AnalyticsGroupBy =
  | 'browsers'
  | 'cities'
  | 'continents'
  | 'countries'
  | 'devices'
  | 'domains'
  | 'languages'
  | 'links'
  | 'os'
  | 'referrer_sources'
  | 'referrer_urls'
  | 'referrers'
  | 'regions'
  | 'tags'
  | 'timeseries'
  | 'triggers'
  | 'utm_campaigns'
  | 'utm_contents'
  | 'utm_mediums'
  | 'utm_sources'
  | 'utm_terms'
  | 'variants';

/** Bucket size of a time series: hour, day, week (from Monday) or month. */
export type AnalyticsInterval =
  | 'day'
  | 'hour'
  | 'month'
  | 'week';

/** One row: a bucket start (time series), or a recorded value (country, referrer, device, ...), link id or tag. */
export type AnalyticsItem = {
  /** Top links only: the link alias. */
  alias: Maybe<Scalars['String']['output']>;
  clicks: Scalars['Int']['output'];
  /** Referrer sources only: the recorded referrer hosts the row sums, most clicks first, at most 20 (the values a `referrer` filter takes; `referrer_source` filters by the row's key). */
  hosts: Maybe<Array<Scalars['String']['output']>>;
  /** Referrer sources only: how many more hosts the row sums than `hosts` lists (it lists the top 20 by clicks); 0 when it lists them all. */
  hosts_more: Maybe<Scalars['Int']['output']>;
  /** Time series: the bucket start (ISO 8601 UTC). Otherwise the value grouped by. */
  key: Scalars['String']['output'];
  /** Referrer sources only: what kind of place the source is. */
  kind: Maybe<ReferrerSourceKind>;
  /** Top links only (group_by links): the link itself, as `link(id)` answers it (needs links:read); null on other groupings (without a refusal), for a link deleted since, and on a shared report. */
  link: Maybe<Link>;
  /** With `compare`: the clicks of the same key in the previous window (0 when it had none). In a time series of a window of local days: a day meets the day as many days back as the two windows start apart, an hour the same local clock time, a week (or a month of a window of days) the same days; in a window of instants (the last 24 hours) every bucket meets the span one window-length earlier; null where that span is not in the previous window. Null without `compare`. */
  previous_clicks: Maybe<Scalars['Int']['output']>;
  /** Top links only: the short URL. */
  short_url: Maybe<Scalars['String']['output']>;
};

/** The window a report is compared with, ending where the report starts, under the same filters: as many whole local days when the report is bounded by local midnights, as many calendar months when by firsts of months, else the same length. While the report's window is still counting (it ends after the current hour), only up to the same point: today so far against the matching day up to the same hour. */
export type AnalyticsPrevious = {
  /** First instant of the previous window. */
  from: Scalars['DateTime']['output'];
  /** Where the comparison stops (exclusive): the report's `from`, or, while the report's window is still counting, the end of the hour matching the current one. */
  to: Scalars['DateTime']['output'];
  total: ClickTotals;
};

/** A public, read-only page of the analytics of one link, tag or domain, or of the whole workspace. */
export type AnalyticsShare = {
  created_at: Scalars['DateTime']['output'];
  /** Who made the share. */
  created_by: AuditActor;
  /** The shared domain, or null. None of link_id, tag, domain: the whole workspace. */
  domain: Maybe<Scalars['String']['output']>;
  /** After this the page answers not found; null: until revoked. */
  expires_at: Maybe<Scalars['DateTime']['output']>;
  /** Opaque id, e.g. shr_4Gd8kLm2Qx7Rt1Vb9Nc3. */
  id: Scalars['String']['output'];
  /** The shared link (lnk_…), or null. */
  link_id: Maybe<Scalars['String']['output']>;
  /** The shared tag, or null. */
  tag: Maybe<Scalars['String']['output']>;
  /** The public page (<public URL>/dashboard/share/<token>): given once, when the share is made (the token is kept hashed); null afterwards. */
  url: Maybe<Scalars['String']['output']>;
};

/** What a share covers. */
export type AnalyticsShareKind =
  | 'domain'
  | 'link'
  | 'tag'
  | 'workspace';

/** One page of shares, newest first. */
export type AnalyticsShareList = {
  data: Array<AnalyticsShare>;
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: Maybe<Scalars['String']['output']>;
};

/** An API key (its secret is shown only once, when created). */
export type ApiKey = Node & {
  created_at: Scalars['DateTime']['output'];
  /** A restricted key sees and changes only links on these domains; null: any domain. */
  domains: Maybe<Array<Scalars['String']['output']>>;
  expires_at: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  last_used_at: Maybe<Scalars['DateTime']['output']>;
  name: Scalars['String']['output'];
  revoked_at: Maybe<Scalars['DateTime']['output']>;
  /** What the key may do (links:read, links:write, ...); a …:write scope implies the …:read of the same resource. */
  scopes: Array<Scalars['String']['output']>;
  /** A restricted key sees and changes only links carrying one of these tags; null: any link. */
  tags: Maybe<Array<Scalars['String']['output']>>;
};

export type ApiKeyList = {
  data: Array<ApiKey>;
};

/** Who acted: a user, an API key, the operator at the command line (cli) or lsk itself (system). */
export type AuditActor = {
  /** A usr_ or key_ id; "cli" or "system". */
  id: Scalars['String']['output'];
  /** The user's email, the key's name, the operating-system user and host of the CLI. */
  label: Scalars['String']['output'];
  /** user, key, cli or system. */
  type: AuditActorType;
};

/** user, key (an API key), cli (the operator at the command line) or system (lsk itself). */
export type AuditActorType =
  | 'cli'
  | 'key'
  | 'system'
  | 'user';

/** One recorded action: who did what to which target, when, in which request. Never holds a secret. */
export type AuditEntry = {
  /** What was done, e.g. link.created, key.revoked, user.sign_in_failed (docs/audit.md lists all). */
  action: Scalars['String']['output'];
  actor: AuditActor;
  /** When it happened. */
  at: Scalars['DateTime']['output'];
  /** Opaque id, e.g. aud_0VbbQFuK000NfDApHTI5; ordered by time. */
  id: Scalars['ID']['output'];
  /** X-Request-Id of the request (one per CLI command); null for lsk's own work. */
  request_id: Maybe<Scalars['String']['output']>;
  target: AuditTarget;
};

/** One page of audit entries, newest first. */
export type AuditLog = {
  data: Array<AuditEntry>;
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: Maybe<Scalars['String']['output']>;
};

/** What the action was about. */
export type AuditTarget = {
  /** Its id (a tag by its name, a domain by its host). */
  id: Scalars['String']['output'];
  type: AuditTargetType;
};

/** The kind of thing an audit entry is about. */
export type AuditTargetType =
  | 'analytics_report'
  | 'analytics_share'
  | 'delivery'
  | 'domain'
  | 'invite'
  | 'key'
  | 'link'
  | 'report'
  | 'tag'
  | 'user'
  | 'utm_template'
  | 'webhook'
  | 'workspace';

export type BrowserClicks = {
  /** Browser family (Chrome, Safari, Firefox, ...). */
  browser: Scalars['String']['output'];
  clicks: Scalars['Int']['output'];
};

export type BulkDeleteResult = {
  /** Ids of the links deleted, in request order. */
  deleted: Array<Scalars['String']['output']>;
  /** Ids that are not links of your workspace. */
  not_found: Array<Scalars['String']['output']>;
};

export type BulkErrorDetail = {
  message: Scalars['String']['output'];
  path: Scalars['String']['output'];
};

/** Why one item of a bulk call failed: the code, message and details the one-link call would answer. */
export type BulkItemError = {
  code: Scalars['String']['output'];
  /** The fields at fault (the first 8). */
  details: Maybe<Array<BulkErrorDetail>>;
  message: Scalars['String']['output'];
};

/** One item of a bulk call: its link, or its error (exactly one is set). */
export type BulkLinkResult = {
  error: Maybe<BulkItemError>;
  link: Maybe<Link>;
};

/** One result per item, in request order. */
export type BulkLinkResults = {
  data: Array<BulkLinkResult>;
};

/** One person's click (bots are never logged), with what it recorded; null where a value is unknown. */
export type ClickEvent = {
  browser: Maybe<Scalars['String']['output']>;
  city: Maybe<Scalars['String']['output']>;
  continent: Maybe<Scalars['String']['output']>;
  country: Maybe<Scalars['String']['output']>;
  device: Maybe<Scalars['String']['output']>;
  language: Maybe<Scalars['String']['output']>;
  /** The link clicked, as `link(id)` answers it (needs links:read); null for a link deleted since. */
  link: Maybe<Link>;
  link_id: Scalars['ID']['output'];
  os: Maybe<Scalars['String']['output']>;
  referrer: Maybe<Scalars['String']['output']>;
  referrer_url: Maybe<Scalars['String']['output']>;
  region: Maybe<Scalars['String']['output']>;
  /** The link's short URL now. */
  short_url: Scalars['String']['output'];
  /** When the click happened. */
  timestamp: Scalars['DateTime']['output'];
  trigger: Maybe<Scalars['String']['output']>;
  utm_campaign: Maybe<Scalars['String']['output']>;
  utm_content: Maybe<Scalars['String']['output']>;
  utm_medium: Maybe<Scalars['String']['output']>;
  utm_source: Maybe<Scalars['String']['output']>;
  utm_term: Maybe<Scalars['String']['output']>;
  variant: Maybe<Scalars['String']['output']>;
};

/** One page of click events, newest first. */
export type ClickEventList = {
  data: Array<ClickEvent>;
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: Maybe<Scalars['String']['output']>;
};

/** Filters on the recorded values of clicks and on links, combined with AND (zod: clickFilterSchema). */
export type ClickFilter = {
  browser?: InputMaybe<FieldFilter>;
  city?: InputMaybe<FieldFilter>;
  /** AF, AN, AS, EU, NA, OC or SA. */
  continent?: InputMaybe<FieldFilter>;
  country?: InputMaybe<FieldFilter>;
  device?: InputMaybe<FieldFilter>;
  /** The domain the link was served on when clicked. */
  domain?: InputMaybe<FieldFilter>;
  /** Primary subtag of the visitor's first Accept-Language entry, e.g. de. */
  language?: InputMaybe<FieldFilter>;
  /** Link ids (lnk_… or ext_<external_id>); 404 when one is not yours. */
  link_id?: InputMaybe<FieldFilter>;
  os?: InputMaybe<FieldFilter>;
  /** Referrer host; (direct) for visits without a referrer. */
  referrer?: InputMaybe<FieldFilter>;
  /** Kinds of referrer source: search, social, video, messaging, email, ai, forum, code, other, direct. */
  referrer_kind?: InputMaybe<FieldFilter>;
  /** Referrer sources as group_by: referrer_sources names them: a source name (Google, X, any case), (direct), or a host no source claims; the hosts of each window are resolved first. A claimed host or no host: validation_failed. */
  referrer_source?: InputMaybe<FieldFilter>;
  /** Referrer URL (scheme, host and path); (direct) for visits without a referrer. */
  referrer_url?: InputMaybe<FieldFilter>;
  /** ISO 3166-2 code, e.g. DE-BE. */
  region?: InputMaybe<FieldFilter>;
  /** Tags (case-insensitive): clicks of links carrying one of them. */
  tag?: InputMaybe<FieldFilter>;
  /** qr (a QR code was scanned) or link. */
  trigger?: InputMaybe<FieldFilter>;
  utm_campaign?: InputMaybe<FieldFilter>;
  utm_content?: InputMaybe<FieldFilter>;
  utm_medium?: InputMaybe<FieldFilter>;
  utm_source?: InputMaybe<FieldFilter>;
  utm_term?: InputMaybe<FieldFilter>;
  variant?: InputMaybe<FieldFilter>;
};

/** Clicks in the window; bot visits are counted apart and never as clicks. */
export type ClickTotals = {
  bots: Scalars['Int']['output'];
  clicks: Scalars['Int']['output'];
};

export type CountryClicks = {
  clicks: Scalars['Int']['output'];
  /** ISO 3166-1 alpha-2 code. */
  country: Scalars['String']['output'];
};

/** A new API key with its secret, shown this once. */
export type CreatedApiKey = {
  created_at: Scalars['DateTime']['output'];
  /** A restricted key sees and changes only links on these domains; null: any domain. */
  domains: Maybe<Array<Scalars['String']['output']>>;
  expires_at: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  /** The secret: lsk_live_... */
  key: Scalars['String']['output'];
  last_used_at: Maybe<Scalars['DateTime']['output']>;
  name: Scalars['String']['output'];
  revoked_at: Maybe<Scalars['DateTime']['output']>;
  /** What the key may do (links:read, links:write, ...); a …:write scope implies the …:read of the same resource. */
  scopes: Array<Scalars['String']['output']>;
  /** A restricted key sees and changes only links carrying one of these tags; null: any link. */
  tags: Maybe<Array<Scalars['String']['output']>>;
};

/** A new invite with its link, shown this once. */
export type CreatedInvite = {
  created_at: Scalars['DateTime']['output'];
  email: Scalars['String']['output'];
  expires_at: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  role: Role;
  /** The link to accept it (the dashboard page). */
  url: Scalars['String']['output'];
};

export type DayClicks = {
  clicks: Scalars['Int']['output'];
  /** ISO date (UTC). */
  date: Scalars['String']['output'];
};

/** The last checks of the link's targets (destination, geo and device targets, expired URL): HEAD, else GET, every LSK_HEALTH_INTERVAL_H hours. */
export type DestinationHealth = {
  /** When the targets were last checked; null before the first check. */
  checked_at: Maybe<Scalars['DateTime']['output']>;
  /** The HTTP status of the failing target (or of the destination when all answered); null when none came. */
  http_status: Maybe<Scalars['Int']['output']>;
  /** ok, broken or unknown. */
  status: HealthStatus;
};

export type DeviceClicks = {
  clicks: Scalars['Int']['output'];
  /** desktop, mobile, tablet or other. */
  device: Scalars['String']['output'];
};

export type Domain = {
  /** Served as /.well-known/apple-app-site-association (null: 404). */
  apple_app_site_association: Maybe<Scalars['AppSiteAssociation']['output']>;
  /** Served as /.well-known/assetlinks.json (null: 404). */
  assetlinks: Maybe<Scalars['AssetLinks']['output']>;
  /** Whether search engines may index the domain (robots.txt allows it; redirects carry no X-Robots-Tag: noindex). */
  crawlable: Scalars['Boolean']['output'];
  created_at: Scalars['DateTime']['output'];
  /** Where the domain's expired or exhausted links go when they set no expired_url (null: 410). */
  expired_url: Maybe<Scalars['String']['output']>;
  host: Scalars['String']['output'];
  /** Where unknown aliases go (null: a 404 page). */
  not_found_url: Maybe<Scalars['String']['output']>;
  /** Where `/` on the domain goes (null: the service default). */
  root_url: Maybe<Scalars['String']['output']>;
};

export type DomainList = {
  data: Array<Domain>;
  /** The service's default domain (LSK_DEFAULT_DOMAIN), where a link goes when it names no domain; every workspace may use it, and `data` does not list it. */
  default_host: Scalars['String']['output'];
};

/** A filter on one recorded value: clicks whose value is among `in` and not among `not_in` (each a list of 1 to 100 values of at most 500 characters). */
export type FieldFilter = {
  /** Only clicks with one of these values. */
  in?: InputMaybe<Array<Scalars['String']['input']>>;
  /** No clicks with any of these values (a click without a value passes). */
  not_in?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** ok; broken (two checks in a row failed); unknown (not checked yet since the targets were set). */
export type HealthStatus =
  | 'broken'
  | 'ok'
  | 'unknown';

/** An invitation to join the workspace (its link is shown once, when created). */
export type Invite = Node & {
  created_at: Scalars['DateTime']['output'];
  email: Scalars['String']['output'];
  /** Seven days after it was made. */
  expires_at: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  role: Role;
};

export type InviteList = {
  data: Array<Invite>;
};

/** A short link. */
export type Link = Node & {
  /** Path segment(s) after the domain; case-sensitive. */
  alias: Scalars['String']['output'];
  /** Counted visits (bots and HEAD requests excluded). */
  clicks: Scalars['Int']['output'];
  /** ISO 8601 UTC time. */
  created_at: Scalars['DateTime']['output'];
  /** Default target URL. */
  destination: Scalars['String']['output'];
  /** Whether the link's targets answer: two failed checks in a row make it broken (and send link.broken). */
  destination_health: DestinationHealth;
  /** Device-specific targets (always an object). */
  device_targeting: Scalars['DeviceTargeting']['output'];
  /** Host name the link is served on. */
  domain: Scalars['String']['output'];
  /** Where visitors go once the link is expired or exhausted (else 410). */
  expired_url: Maybe<Scalars['String']['output']>;
  /** ISO 8601 UTC time after which the link is expired, or null. */
  expires_at: Maybe<Scalars['DateTime']['output']>;
  /** Your own id of the link, unique in the workspace; `ext_<external_id>` stands for the link id in paths and link(id). */
  external_id: Maybe<Scalars['String']['output']>;
  /** Country-specific targets (always an object). */
  geo_targeting: Scalars['GeoTargeting']['output'];
  /** Opaque id, e.g. lnk_3kTMd9sQ0pX1bY7zA2cW. */
  id: Scalars['ID']['output'];
  /** Clicks after which the link is exhausted, or null. */
  max_clicks: Maybe<Scalars['Int']['output']>;
  /** Whether visitors must enter a password first. */
  password_protected: Scalars['Boolean']['output'];
  /** The social preview crawlers get; null when none. */
  preview: Maybe<Scalars['LinkPreview']['output']>;
  /** A QR code of the link's short_url, as an SVG document. */
  qr_svg: Scalars['String']['output'];
  /** Redirect rules, in order, as given; null when none. */
  rules: Maybe<Scalars['LinkRules']['output']>;
  /** https://{domain}/{alias} (http:// for localhost). */
  short_url: Scalars['String']['output'];
  /** This link's click statistics (as linkStats); needs the scope analytics:read. */
  stats: Maybe<LinkStats>;
  /** active, expired or exhausted. */
  status: LinkStatus;
  /** Tag names (always an array). */
  tags: Array<Scalars['String']['output']>;
  /** Display title (1-200 characters) or null. */
  title: Maybe<Scalars['String']['output']>;
  /** ISO 8601 UTC time. */
  updated_at: Scalars['DateTime']['output'];
  /** UTM values set on the target URL; null when none. */
  utm: Maybe<Scalars['Utm']['output']>;
  /** A/B variants as given; null when none. */
  variants: Maybe<Scalars['LinkVariants']['output']>;
};


/** A short link. */
export type LinkQr_SvgArgs = {
  ecc?: InputMaybe<QrEcc>;
  margin?: InputMaybe<Scalars['Int']['input']>;
  size?: InputMaybe<Scalars['Int']['input']>;
};


/** A short link. */
export type LinkStatsArgs = {
  from?: InputMaybe<Scalars['String']['input']>;
  to?: InputMaybe<Scalars['String']['input']>;
};

/** How many links match. */
export type LinkCount = {
  /** null for status=active or exhausted over more than 10,000 links (their click counts decide). */
  total: Maybe<Scalars['Int']['output']>;
};

/** broken: only links whose targets failed two checks in a row. */
export type LinkHealthFilter =
  | 'broken';

/** One page of links, newest first. */
export type LinkList = {
  data: Array<Link>;
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: Maybe<Scalars['String']['output']>;
};

/** Order of a link list: newest, oldest, alias (A-Z) or clicks (most first). */
export type LinkSort =
  | 'alias'
  | 'clicks'
  | 'newest'
  | 'oldest';

/** Clicks of one link over [from, to] (whole UTC days). Bots are counted apart. */
export type LinkStats = {
  bots: Scalars['Int']['output'];
  by_browser: Array<BrowserClicks>;
  by_country: Array<CountryClicks>;
  by_day: Array<DayClicks>;
  by_device: Array<DeviceClicks>;
  by_os: Array<OsClicks>;
  by_referrer: Array<ReferrerClicks>;
  clicks: Scalars['Int']['output'];
  /** ISO date. */
  from: Scalars['String']['output'];
  link_id: Scalars['ID']['output'];
  /** ISO date (inclusive). */
  to: Scalars['String']['output'];
};

/** active; expired (past expires_at); exhausted (clicks reached max_clicks). */
export type LinkStatus =
  | 'active'
  | 'exhausted'
  | 'expired';

/** A user's role in the workspace. */
export type Member = {
  /** When the user joined the workspace. */
  created_at: Scalars['DateTime']['output'];
  email: Scalars['String']['output'];
  name: Scalars['String']['output'];
  role: Role;
  /** The user (usr_…). */
  user_id: Scalars['ID']['output'];
};

export type MemberList = {
  data: Array<Member>;
};

/** Writes. Every field needs an API key and names its scope. */
export type Mutation = {
  /** Schedule an analytics report by email (at most 20 per workspace). */
  createAnalyticsReport: Maybe<ScheduledReport>;
  /** Publish the analytics of one link, tag or domain (or, with none, of the workspace) at a public, read-only URL, returned this once (at most 100 shares per workspace). Needs links:write too. */
  createAnalyticsShare: Maybe<AnalyticsShare>;
  /** Add a custom domain to your workspace. */
  createDomain: Maybe<Domain>;
  /** Invite someone by email; the link (valid 7 days) is returned this once. */
  createInvite: Maybe<CreatedInvite>;
  /** Create an API key; the secret is returned this once. */
  createKey: Maybe<CreatedApiKey>;
  /** Create a link. */
  createLink: Maybe<Link>;
  /** Create up to 100 links in one call; each item succeeds or fails on its own. Counts as one request against the plan. */
  createLinks: Maybe<BulkLinkResults>;
  /** Save a UTM template (at most 100 per workspace). */
  createUtmTemplate: Maybe<UtmTemplate>;
  /** Add a webhook endpoint; its signing secret is returned this once. */
  createWebhook: Maybe<WebhookEndpointWithSecret>;
  /** Delete a scheduled report. */
  deleteAnalyticsReport: Maybe<Scalars['Boolean']['output']>;
  /** Revoke a share: its page answers not found at once. Needs links:write too. */
  deleteAnalyticsShare: Maybe<Scalars['Boolean']['output']>;
  /** Remove a custom domain (it must serve no links). */
  deleteDomain: Maybe<Scalars['Boolean']['output']>;
  /** Delete a link; its alias answers 404 from then on. */
  deleteLink: Maybe<Scalars['Boolean']['output']>;
  /** Delete up to 100 links; ids that are not links of your workspace are listed as not_found. */
  deleteLinks: Maybe<BulkDeleteResult>;
  /** Delete a tag and remove it from every link. */
  deleteTag: Maybe<Scalars['Boolean']['output']>;
  /** Delete a UTM template (links keep their utm values). */
  deleteUtmTemplate: Maybe<Scalars['Boolean']['output']>;
  /** Delete an endpoint and its deliveries. */
  deleteWebhook: Maybe<Scalars['Boolean']['output']>;
  /** Delete the workspace and everything it holds (owners; keys with workspace:write and no restriction). Its keys and sessions stop at once, its links answer 404, its domains and slug are free again; the rest of its data is purged in the background. */
  deleteWorkspace: Maybe<Scalars['Boolean']['output']>;
  /** Remove a member from your workspace (never the last owner). */
  removeMember: Maybe<Scalars['Boolean']['output']>;
  /** Send a delivery again now, with the same webhook-id. */
  retryWebhookDelivery: Maybe<WebhookDelivery>;
  /** Withdraw an invite; its link stops working. */
  revokeInvite: Maybe<Scalars['Boolean']['output']>;
  /** Revoke an API key; it stops working at once. */
  revokeKey: Maybe<ApiKey>;
  /** Replace the signing secret; the old one keeps signing beside the new one for 24 hours. */
  rotateWebhookSecret: Maybe<WebhookEndpointWithSecret>;
  /** Send a report now, for its latest complete period (a preview; the schedule is unchanged). 5 a minute per workspace; 503 unavailable when the server has no SMTP. */
  sendAnalyticsReport: Maybe<ScheduledReportSent>;
  /** Send a webhook.test event to the endpoint. */
  testWebhook: Maybe<WebhookDelivery>;
  /** Change a report’s frequency, zone, scope or recipients (a new frequency or zone moves its next run). */
  updateAnalyticsReport: Maybe<ScheduledReport>;
  /** Change a custom domain's settings (each optional; null restores the default). */
  updateDomain: Maybe<Domain>;
  /** Change any subset of a link's fields; null clears geo_targeting and tags. */
  updateLink: Maybe<Link>;
  /** Apply one patch to up to 100 links, then add and remove tags; each link succeeds or fails on its own. */
  updateLinks: Maybe<BulkLinkResults>;
  /** Change a member's role (admins: below owner only; the last owner keeps the role). */
  updateMember: Maybe<Member>;
  /** Rename a tag; renaming to an existing tag's name merges the two. */
  updateTag: Maybe<Tag>;
  /** Change a UTM template's name or values (null clears a value). */
  updateUtmTemplate: Maybe<UtmTemplate>;
  /** Change any subset of an endpoint's url, events, description and enabled. */
  updateWebhook: Maybe<WebhookEndpoint>;
  /** Change the workspace's settings (owners): `require_2fa`. */
  updateWorkspace: Maybe<Workspace>;
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationCreateAnalyticsReportArgs = {
  domain?: InputMaybe<Scalars['String']['input']>;
  frequency: ReportFrequency;
  link_id?: InputMaybe<Scalars['String']['input']>;
  recipients: Array<Scalars['String']['input']>;
  tag?: InputMaybe<Scalars['String']['input']>;
  timezone?: InputMaybe<Scalars['String']['input']>;
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationCreateAnalyticsShareArgs = {
  domain?: InputMaybe<Scalars['String']['input']>;
  expires_at?: InputMaybe<Scalars['String']['input']>;
  link_id?: InputMaybe<Scalars['ID']['input']>;
  tag?: InputMaybe<Scalars['String']['input']>;
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationCreateDomainArgs = {
  host: Scalars['String']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationCreateInviteArgs = {
  email: Scalars['String']['input'];
  role: Role;
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationCreateKeyArgs = {
  domains?: InputMaybe<Array<Scalars['String']['input']>>;
  name?: InputMaybe<Scalars['String']['input']>;
  scopes?: InputMaybe<Array<Scalars['String']['input']>>;
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationCreateLinkArgs = {
  alias?: InputMaybe<Scalars['String']['input']>;
  destination: Scalars['String']['input'];
  device_targeting?: InputMaybe<Scalars['DeviceTargeting']['input']>;
  domain?: InputMaybe<Scalars['String']['input']>;
  expired_url?: InputMaybe<Scalars['String']['input']>;
  expires_at?: InputMaybe<Scalars['String']['input']>;
  external_id?: InputMaybe<Scalars['String']['input']>;
  geo_targeting?: InputMaybe<Scalars['GeoTargeting']['input']>;
  max_clicks?: InputMaybe<Scalars['Int']['input']>;
  password?: InputMaybe<Scalars['String']['input']>;
  preview?: InputMaybe<Scalars['LinkPreview']['input']>;
  rules?: InputMaybe<Scalars['LinkRules']['input']>;
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
  title?: InputMaybe<Scalars['String']['input']>;
  utm?: InputMaybe<Scalars['Utm']['input']>;
  variants?: InputMaybe<Scalars['LinkVariants']['input']>;
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationCreateLinksArgs = {
  links: Array<Scalars['LinkFields']['input']>;
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationCreateUtmTemplateArgs = {
  campaign?: InputMaybe<Scalars['String']['input']>;
  content?: InputMaybe<Scalars['String']['input']>;
  medium?: InputMaybe<Scalars['String']['input']>;
  name: Scalars['String']['input'];
  source?: InputMaybe<Scalars['String']['input']>;
  term?: InputMaybe<Scalars['String']['input']>;
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationCreateWebhookArgs = {
  description?: InputMaybe<Scalars['String']['input']>;
  events: Array<Scalars['String']['input']>;
  url: Scalars['String']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationDeleteAnalyticsReportArgs = {
  id: Scalars['ID']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationDeleteAnalyticsShareArgs = {
  id: Scalars['ID']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationDeleteDomainArgs = {
  host: Scalars['String']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationDeleteLinkArgs = {
  id: Scalars['ID']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationDeleteLinksArgs = {
  ids: Array<Scalars['ID']['input']>;
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationDeleteTagArgs = {
  name: Scalars['String']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationDeleteUtmTemplateArgs = {
  id: Scalars['ID']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationDeleteWebhookArgs = {
  id: Scalars['ID']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationDeleteWorkspaceArgs = {
  confirm: Scalars['String']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationRemoveMemberArgs = {
  user_id: Scalars['ID']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationRetryWebhookDeliveryArgs = {
  delivery_id: Scalars['ID']['input'];
  id: Scalars['ID']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationRevokeInviteArgs = {
  id: Scalars['ID']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationRevokeKeyArgs = {
  id: Scalars['ID']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationRotateWebhookSecretArgs = {
  id: Scalars['ID']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationSendAnalyticsReportArgs = {
  id: Scalars['ID']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationTestWebhookArgs = {
  id: Scalars['ID']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationUpdateAnalyticsReportArgs = {
  domain?: InputMaybe<Scalars['String']['input']>;
  frequency?: InputMaybe<ReportFrequency>;
  id: Scalars['ID']['input'];
  link_id?: InputMaybe<Scalars['String']['input']>;
  recipients?: InputMaybe<Array<Scalars['String']['input']>>;
  tag?: InputMaybe<Scalars['String']['input']>;
  timezone?: InputMaybe<Scalars['String']['input']>;
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationUpdateDomainArgs = {
  apple_app_site_association?: InputMaybe<Scalars['AppSiteAssociation']['input']>;
  assetlinks?: InputMaybe<Scalars['AssetLinks']['input']>;
  crawlable?: InputMaybe<Scalars['Boolean']['input']>;
  domain: Scalars['String']['input'];
  expired_url?: InputMaybe<Scalars['String']['input']>;
  not_found_url?: InputMaybe<Scalars['String']['input']>;
  root_url?: InputMaybe<Scalars['String']['input']>;
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationUpdateLinkArgs = {
  alias?: InputMaybe<Scalars['String']['input']>;
  destination?: InputMaybe<Scalars['String']['input']>;
  device_targeting?: InputMaybe<Scalars['DeviceTargeting']['input']>;
  domain?: InputMaybe<Scalars['String']['input']>;
  expired_url?: InputMaybe<Scalars['String']['input']>;
  expires_at?: InputMaybe<Scalars['String']['input']>;
  external_id?: InputMaybe<Scalars['String']['input']>;
  geo_targeting?: InputMaybe<Scalars['GeoTargeting']['input']>;
  id: Scalars['ID']['input'];
  max_clicks?: InputMaybe<Scalars['Int']['input']>;
  password?: InputMaybe<Scalars['String']['input']>;
  preview?: InputMaybe<Scalars['LinkPreview']['input']>;
  rules?: InputMaybe<Scalars['LinkRules']['input']>;
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
  title?: InputMaybe<Scalars['String']['input']>;
  utm?: InputMaybe<Scalars['Utm']['input']>;
  variants?: InputMaybe<Scalars['LinkVariants']['input']>;
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationUpdateLinksArgs = {
  add_tags?: InputMaybe<Array<Scalars['String']['input']>>;
  ids: Array<Scalars['ID']['input']>;
  patch?: InputMaybe<Scalars['LinkFields']['input']>;
  remove_tags?: InputMaybe<Array<Scalars['String']['input']>>;
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationUpdateMemberArgs = {
  role: Role;
  user_id: Scalars['ID']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationUpdateTagArgs = {
  name: Scalars['String']['input'];
  tag: Scalars['String']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationUpdateUtmTemplateArgs = {
  campaign?: InputMaybe<Scalars['String']['input']>;
  content?: InputMaybe<Scalars['String']['input']>;
  id: Scalars['ID']['input'];
  medium?: InputMaybe<Scalars['String']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  source?: InputMaybe<Scalars['String']['input']>;
  term?: InputMaybe<Scalars['String']['input']>;
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationUpdateWebhookArgs = {
  description?: InputMaybe<Scalars['String']['input']>;
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
  events?: InputMaybe<Array<Scalars['String']['input']>>;
  id: Scalars['ID']['input'];
  url?: InputMaybe<Scalars['String']['input']>;
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationUpdateWorkspaceArgs = {
  require_2fa?: InputMaybe<Scalars['Boolean']['input']>;
};

/** An object with a global id; its prefix names its type. */
export type Node = {
  id: Scalars['ID']['output'];
};

export type OsClicks = {
  clicks: Scalars['Int']['output'];
  /** Operating system family (Windows, macOS, iOS, Android, ...). */
  os: Scalars['String']['output'];
};

/** standard (100 rpm), advanced (500 rpm) or custom. */
export type Plan =
  | 'advanced'
  | 'custom'
  | 'standard';

/** A QR code image of a link's short_url (GET /v1/links/{id}/qr answers the image itself). */
export type QrCode = {
  /** The image, base64-encoded. */
  base64: Scalars['String']['output'];
  /** image/svg+xml or image/png. */
  content_type: Scalars['String']['output'];
};

/** QR error-correction level: L (7 % of the code may be lost), M (15 %), Q (25 %) or H (30 %). */
export type QrEcc =
  | 'H'
  | 'L'
  | 'M'
  | 'Q';

/** Image format of a QR code: svg or png. */
export type QrFormat =
  | 'png'
  | 'svg';

/** Reads. Every field needs an API key and names its scope; introspection needs neither. */
export type Query = {
  /** Clicks over a window of at most 400 days (default the last 30 local days), as a time series or grouped, filtered by any recorded value, link, tag or domain. */
  analytics: Maybe<Analytics>;
  /** One scheduled analytics report of your workspace. */
  analyticsReport: Maybe<ScheduledReport>;
  /** Scheduled analytics reports of your workspace, oldest first (at most 20). */
  analyticsReports: Maybe<ScheduledReportPage>;
  /** Shared analytics pages of your workspace, newest first (never their tokens). */
  analyticsShares: Maybe<AnalyticsShareList>;
  /** What was changed in the workspace, and every sign-in of its members, newest first; filters combine with AND. Owners and admins. */
  auditLog: Maybe<AuditLog>;
  /** People's clicks one by one, newest first, kept LSK_CLICK_EVENTS_DAYS days (default 90), with the analytics filters. */
  clickEvents: Maybe<ClickEventList>;
  /** Custom domains of your workspace. */
  domains: Maybe<DomainList>;
  /** Pending invites of your workspace, newest first (never their links). */
  invites: Maybe<InviteList>;
  /** API keys of your workspace (never their secrets). */
  keys: Maybe<ApiKeyList>;
  /** One link of your workspace. */
  link: Maybe<Link>;
  /** How many links of your workspace match the filters of links(...). */
  linkCount: Maybe<LinkCount>;
  /** A QR code of the link's short_url as SVG or PNG, with size, margin, error correction and colours. */
  linkQrCode: Maybe<QrCode>;
  /** Click statistics of a link; from/to are ISO dates, default the last 30 days. */
  linkStats: Maybe<LinkStats>;
  /** Links of your workspace, newest first, with cursor pagination and filters. */
  links: Maybe<LinkList>;
  /** Members of your workspace with their roles, oldest first. */
  members: Maybe<MemberList>;
  /** Any object of your workspace by its global id (lnk_, key_, whk_, usr_, inv_); null when there is none. Reading it needs that type's read scope. */
  node: Maybe<Node>;
  /** The analytics a share publishes, read with its token alone (no key or session; limited per client address). Filters are ANDed with what the share covers and never widen it: a link id outside it reads nothing. Unknown, revoked and expired tokens answer not_found alike. */
  sharedAnalytics: Maybe<SharedAnalytics>;
  /** Tags of your workspace with their link counts. */
  tags: Maybe<TagList>;
  /** One UTM template of your workspace. */
  utmTemplate: Maybe<UtmTemplate>;
  /** UTM templates of your workspace, oldest first. */
  utmTemplates: Maybe<UtmTemplateList>;
  /** Who is calling, in which workspace, with which role and scopes. */
  viewer: Maybe<Viewer>;
  /** One webhook endpoint. */
  webhook: Maybe<WebhookEndpoint>;
  /** Deliveries of one endpoint, newest first. */
  webhookDeliveries: Maybe<WebhookDeliveryList>;
  /** Webhook endpoints of your workspace (never their secrets). */
  webhooks: Maybe<WebhookEndpointList>;
  /** The caller's workspace and plan. */
  workspace: Maybe<Workspace>;
};


/** Reads. Every field needs an API key and names its scope; introspection needs neither. */
export type QueryAnalyticsArgs = {
  compare?: InputMaybe<AnalyticsCompare>;
  domain?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ClickFilter>;
  from?: InputMaybe<Scalars['String']['input']>;
  group_by?: InputMaybe<AnalyticsGroupBy>;
  interval?: InputMaybe<AnalyticsInterval>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  link_id?: InputMaybe<Scalars['ID']['input']>;
  tag?: InputMaybe<Scalars['String']['input']>;
  timezone?: InputMaybe<Scalars['String']['input']>;
  to?: InputMaybe<Scalars['String']['input']>;
};


/** Reads. Every field needs an API key and names its scope; introspection needs neither. */
export type QueryAnalyticsReportArgs = {
  id: Scalars['ID']['input'];
};


/** Reads. Every field needs an API key and names its scope; introspection needs neither. */
export type QueryAnalyticsReportsArgs = {
  cursor?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};


/** Reads. Every field needs an API key and names its scope; introspection needs neither. */
export type QueryAnalyticsSharesArgs = {
  cursor?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};


/** Reads. Every field needs an API key and names its scope; introspection needs neither. */
export type QueryAuditLogArgs = {
  action?: InputMaybe<Scalars['String']['input']>;
  actor_id?: InputMaybe<Scalars['String']['input']>;
  cursor?: InputMaybe<Scalars['String']['input']>;
  from?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  target_id?: InputMaybe<Scalars['String']['input']>;
  to?: InputMaybe<Scalars['String']['input']>;
};


/** Reads. Every field needs an API key and names its scope; introspection needs neither. */
export type QueryClickEventsArgs = {
  cursor?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ClickFilter>;
  from?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  timezone?: InputMaybe<Scalars['String']['input']>;
  to?: InputMaybe<Scalars['String']['input']>;
};


/** Reads. Every field needs an API key and names its scope; introspection needs neither. */
export type QueryLinkArgs = {
  id: Scalars['ID']['input'];
};


/** Reads. Every field needs an API key and names its scope; introspection needs neither. */
export type QueryLinkCountArgs = {
  domain?: InputMaybe<Scalars['String']['input']>;
  external_id?: InputMaybe<Scalars['String']['input']>;
  health?: InputMaybe<LinkHealthFilter>;
  q?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<LinkStatus>;
  tag?: InputMaybe<Scalars['String']['input']>;
};


/** Reads. Every field needs an API key and names its scope; introspection needs neither. */
export type QueryLinkQrCodeArgs = {
  bg?: InputMaybe<Scalars['String']['input']>;
  ecc?: InputMaybe<QrEcc>;
  fg?: InputMaybe<Scalars['String']['input']>;
  format?: InputMaybe<QrFormat>;
  id: Scalars['ID']['input'];
  margin?: InputMaybe<Scalars['Int']['input']>;
  size?: InputMaybe<Scalars['Int']['input']>;
};


/** Reads. Every field needs an API key and names its scope; introspection needs neither. */
export type QueryLinkStatsArgs = {
  from?: InputMaybe<Scalars['String']['input']>;
  id: Scalars['ID']['input'];
  to?: InputMaybe<Scalars['String']['input']>;
};


/** Reads. Every field needs an API key and names its scope; introspection needs neither. */
export type QueryLinksArgs = {
  cursor?: InputMaybe<Scalars['String']['input']>;
  domain?: InputMaybe<Scalars['String']['input']>;
  external_id?: InputMaybe<Scalars['String']['input']>;
  health?: InputMaybe<LinkHealthFilter>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  q?: InputMaybe<Scalars['String']['input']>;
  sort?: InputMaybe<LinkSort>;
  status?: InputMaybe<LinkStatus>;
  tag?: InputMaybe<Scalars['String']['input']>;
};


/** Reads. Every field needs an API key and names its scope; introspection needs neither. */
export type QueryNodeArgs = {
  id: Scalars['ID']['input'];
};


/** Reads. Every field needs an API key and names its scope; introspection needs neither. */
export type QuerySharedAnalyticsArgs = {
  compare?: InputMaybe<AnalyticsCompare>;
  filter?: InputMaybe<ClickFilter>;
  from?: InputMaybe<Scalars['String']['input']>;
  group_by?: InputMaybe<AnalyticsGroupBy>;
  interval?: InputMaybe<AnalyticsInterval>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  timezone?: InputMaybe<Scalars['String']['input']>;
  to?: InputMaybe<Scalars['String']['input']>;
  token: Scalars['String']['input'];
};


/** Reads. Every field needs an API key and names its scope; introspection needs neither. */
export type QueryUtmTemplateArgs = {
  id: Scalars['ID']['input'];
};


/** Reads. Every field needs an API key and names its scope; introspection needs neither. */
export type QueryWebhookArgs = {
  id: Scalars['ID']['input'];
};


/** Reads. Every field needs an API key and names its scope; introspection needs neither. */
export type QueryWebhookDeliveriesArgs = {
  cursor?: InputMaybe<Scalars['String']['input']>;
  id: Scalars['ID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
};

export type ReferrerClicks = {
  clicks: Scalars['Int']['output'];
  /** Referrer host name. */
  host: Scalars['String']['output'];
};

/** What kind of place a referrer source is: search, social, video, messaging, email, ai, forum, code; other (a host no source claims); direct (no referrer). */
export type ReferrerSourceKind =
  | 'ai'
  | 'code'
  | 'direct'
  | 'email'
  | 'forum'
  | 'messaging'
  | 'other'
  | 'search'
  | 'social'
  | 'video';

/** weekly: Monday 08:00 in the report’s zone, for the Monday–Sunday before; monthly: the 1st 08:00, for the calendar month before. */
export type ReportFrequency =
  | 'monthly'
  | 'weekly';

/** owner (everything), admin (also domains, keys, webhooks, invites and members below owner), member (also writes links and tags), viewer (reads). */
export type Role =
  | 'admin'
  | 'member'
  | 'owner'
  | 'viewer';

/** An analytics report emailed to members of the workspace on a schedule. */
export type ScheduledReport = {
  created_at: Scalars['DateTime']['output'];
  /** Only the clicks of links on this domain. */
  domain: Maybe<Scalars['String']['output']>;
  /** False when the server has no SMTP server (LSK_SMTP_URL): reports are kept, none is sent. */
  email_enabled: Scalars['Boolean']['output'];
  frequency: ReportFrequency;
  /** Opaque id, e.g. rpt_4Gd8kLm2Qx7Rt1Vb9Nc3. */
  id: Scalars['ID']['output'];
  last_sent_at: Maybe<Scalars['DateTime']['output']>;
  /** Only this link’s clicks; null unless scoped to a link. */
  link_id: Maybe<Scalars['String']['output']>;
  next_run_at: Scalars['DateTime']['output'];
  /** User ids of the members it goes to (one removed from the workspace no longer receives it). */
  recipients: Array<Scalars['String']['output']>;
  /** Only the clicks of links with this tag. */
  tag: Maybe<Scalars['String']['output']>;
  /** IANA zone the schedule and the period’s days are read in. */
  timezone: Scalars['String']['output'];
};

/** One page of the workspace’s reports, oldest first. */
export type ScheduledReportPage = {
  data: Array<ScheduledReport>;
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: Maybe<Scalars['String']['output']>;
};

/** A report sent now: the period it covered and how many members it went to. */
export type ScheduledReportSent = {
  id: Scalars['ID']['output'];
  /** First day of the period (in the report’s zone). */
  period_from: Scalars['String']['output'];
  /** Last day of the period, included. */
  period_to: Scalars['String']['output'];
  /** Members it went to (0: none of its recipients is a member any more). */
  recipients: Scalars['Int']['output'];
};

/** A share's numbers: what it covers, and the report `analytics` would answer within it. */
export type SharedAnalytics = {
  analytics: Analytics;
  /** When the share stops answering; null: until revoked. */
  expires_at: Maybe<Scalars['DateTime']['output']>;
  kind: AnalyticsShareKind;
  /** The link's short URL, the tag, the domain, or the workspace's slug. */
  label: Scalars['String']['output'];
};

export type Tag = {
  created_at: Scalars['DateTime']['output'];
  /** How many links carry the tag. */
  links: Scalars['Int']['output'];
  name: Scalars['String']['output'];
  /** The links carrying this tag, newest first, one page at a time (like the root `links`). */
  tagged_links: LinkList;
};


export type TagTagged_LinksArgs = {
  cursor?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};

export type TagList = {
  data: Array<Tag>;
};

/** A person who signs in to the dashboard. */
export type User = Node & {
  created_at: Scalars['DateTime']['output'];
  email: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
};

/** A named set of UTM values of the workspace. */
export type UtmTemplate = {
  /** utm_campaign, or null. */
  campaign: Maybe<Scalars['String']['output']>;
  /** utm_content, or null. */
  content: Maybe<Scalars['String']['output']>;
  created_at: Scalars['DateTime']['output'];
  /** Opaque id, e.g. utm_4Gd8kLm2Qx7Rt1Vb9Nc3. */
  id: Scalars['ID']['output'];
  /** utm_medium, or null. */
  medium: Maybe<Scalars['String']['output']>;
  /** Unique in the workspace (case-insensitively). */
  name: Scalars['String']['output'];
  /** utm_source, or null. */
  source: Maybe<Scalars['String']['output']>;
  /** utm_term, or null. */
  term: Maybe<Scalars['String']['output']>;
  updated_at: Scalars['DateTime']['output'];
};

export type UtmTemplateList = {
  data: Array<UtmTemplate>;
};

/** Who is calling: a user (with a role) or an API key, the workspace it acts in, and the scopes it holds. */
export type Viewer = {
  key: Maybe<ApiKey>;
  kind: ViewerKind;
  /** The user's role; null for a key. */
  role: Maybe<Role>;
  /** Scopes held, implications included. */
  scopes: Array<Scalars['String']['output']>;
  user: Maybe<User>;
  workspace: Workspace;
};

/** A signed-in user (dashboard session) or an API key. */
export type ViewerKind =
  | 'key'
  | 'user';

/** One event for one endpoint, and how its delivery went. */
export type WebhookDelivery = {
  /** Attempts made so far. */
  attempts: Scalars['Int']['output'];
  /** When the event happened. */
  created_at: Scalars['String']['output'];
  /** When a 2xx answer came. */
  delivered_at: Maybe<Scalars['String']['output']>;
  /** link.created, link.updated, link.deleted, link.clicked or webhook.test. */
  event_type: Scalars['String']['output'];
  /** Opaque id, e.g. dlv_3kTMd9sQ0pX1bY7zA2cW. */
  id: Scalars['ID']['output'];
  /** How long the last attempt took, in milliseconds. */
  last_duration_ms: Maybe<Scalars['Int']['output']>;
  /** Why the last attempt failed. */
  last_error: Maybe<Scalars['String']['output']>;
  /** HTTP status of the last answer; null when none came. */
  last_status_code: Maybe<Scalars['Int']['output']>;
  /** When the next attempt is due (pending only). */
  next_attempt_at: Maybe<Scalars['String']['output']>;
  /** pending, delivered or failed. */
  status: WebhookDeliveryStatus;
};

/** One page of deliveries, newest first. */
export type WebhookDeliveryList = {
  data: Array<WebhookDelivery>;
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: Maybe<Scalars['String']['output']>;
};

/** pending (another attempt is due), delivered (a 2xx answer came) or failed (given up: no attempt left, or the endpoint was disabled). */
export type WebhookDeliveryStatus =
  | 'delivered'
  | 'failed'
  | 'pending';

/** A URL that receives signed events (Standard Webhooks). */
export type WebhookEndpoint = {
  /** ISO 8601 UTC time. */
  created_at: Scalars['String']['output'];
  /** Free text for your own use. */
  description: Maybe<Scalars['String']['output']>;
  /** False once disabled by you, by a 410 answer, or after 5 days of failures. */
  enabled: Scalars['Boolean']['output'];
  /** Subscribed events: link.created, link.updated, link.deleted, link.clicked. */
  events: Array<Scalars['String']['output']>;
  /** Opaque id, e.g. whk_3kTMd9sQ0pX1bY7zA2cW. */
  id: Scalars['ID']['output'];
  /** Where events are POSTed. */
  url: Scalars['String']['output'];
};

export type WebhookEndpointList = {
  data: Array<WebhookEndpoint>;
};

/** A webhook endpoint with its signing secret, shown this once. */
export type WebhookEndpointWithSecret = {
  /** ISO 8601 UTC time. */
  created_at: Scalars['String']['output'];
  /** Free text for your own use. */
  description: Maybe<Scalars['String']['output']>;
  /** False once disabled by you, by a 410 answer, or after 5 days of failures. */
  enabled: Scalars['Boolean']['output'];
  /** Subscribed events: link.created, link.updated, link.deleted, link.clicked. */
  events: Array<Scalars['String']['output']>;
  /** Opaque id, e.g. whk_3kTMd9sQ0pX1bY7zA2cW. */
  id: Scalars['ID']['output'];
  /** whsec_ + base64 of 32 random bytes: verifies the webhook-signature header. */
  secret: Scalars['String']['output'];
  /** Where events are POSTed. */
  url: Scalars['String']['output'];
};

/** The tenant that owns links, tags, domains and keys. */
export type Workspace = {
  id: Scalars['ID']['output'];
  plan: Plan;
  /** Requests per minute allowed to the whole workspace. */
  rate_limit_rpm: Scalars['Int']['output'];
  /** Whether members need a second factor (authenticator app or passkey) to act here; set by an owner. */
  require_2fa: Scalars['Boolean']['output'];
  slug: Scalars['String']['output'];
};
