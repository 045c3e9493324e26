/* eslint-disable */
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
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
  __typename?: 'Analytics';
  /** Time series: every bucket, oldest first, zeros included. Otherwise: most clicks first (ties by key), at most `limit`. */
  data: Array<AnalyticsItem>;
  /** First instant of the window. */
  from: Scalars['DateTime']['output'];
  /** timeseries, countries, referrers, devices, browsers, os, links, tags, continents, regions, cities, referrer_urls, utm_sources, utm_mediums, utm_campaigns, utm_terms, utm_contents, triggers, languages, variants, domains, referrer_sources. */
  group_by: AnalyticsGroupBy;
  /** Bucket size of a time series (hour, day, week or month); null otherwise. */
  interval?: Maybe<AnalyticsInterval>;
  /** With `compare: previous`: the window just before and its totals; null otherwise. */
  previous?: Maybe<AnalyticsPrevious>;
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
  __typename?: 'AnalyticsItem';
  /** Top links only: the link alias. */
  alias?: Maybe<Scalars['String']['output']>;
  clicks: Scalars['Int']['output'];
  /** Referrer sources only: the recorded referrer hosts the row sums, most clicks first, at most 20 (the values a `referrer` filter takes; `referrer_source` filters by the row's key). */
  hosts?: Maybe<Array<Scalars['String']['output']>>;
  /** Referrer sources only: how many more hosts the row sums than `hosts` lists (it lists the top 20 by clicks); 0 when it lists them all. */
  hosts_more?: Maybe<Scalars['Int']['output']>;
  /** Time series: the bucket start (ISO 8601 UTC). Otherwise the value grouped by. */
  key: Scalars['String']['output'];
  /** Referrer sources only: what kind of place the source is. */
  kind?: Maybe<ReferrerSourceKind>;
  /** Top links only (group_by links): the link itself, as `link(id)` answers it (needs links:read); null on other groupings (without a refusal), for a link deleted since, and on a shared report. */
  link?: Maybe<Link>;
  /** With `compare`: the clicks of the same key in the previous window (0 when it had none). In a time series of a window of local days: a day meets the day as many days back as the two windows start apart, an hour the same local clock time, a week (or a month of a window of days) the same days; in a window of instants (the last 24 hours) every bucket meets the span one window-length earlier; null where that span is not in the previous window. Null without `compare`. */
  previous_clicks?: Maybe<Scalars['Int']['output']>;
  /** Top links only: the short URL. */
  short_url?: Maybe<Scalars['String']['output']>;
};

/** The window a report is compared with, ending where the report starts, under the same filters: as many whole local days when the report is bounded by local midnights, as many calendar months when by firsts of months, else the same length. While the report's window is still counting (it ends after the current hour), only up to the same point: today so far against the matching day up to the same hour. */
export type AnalyticsPrevious = {
  __typename?: 'AnalyticsPrevious';
  /** First instant of the previous window. */
  from: Scalars['DateTime']['output'];
  /** Where the comparison stops (exclusive): the report's `from`, or, while the report's window is still counting, the end of the hour matching the current one. */
  to: Scalars['DateTime']['output'];
  total: ClickTotals;
};

/** A public, read-only page of the analytics of one link, tag or domain, or of the whole workspace. */
export type AnalyticsShare = {
  __typename?: 'AnalyticsShare';
  created_at: Scalars['DateTime']['output'];
  /** Who made the share. */
  created_by: AuditActor;
  /** The shared domain, or null. None of link_id, tag, domain: the whole workspace. */
  domain?: Maybe<Scalars['String']['output']>;
  /** After this the page answers not found; null: until revoked. */
  expires_at?: Maybe<Scalars['DateTime']['output']>;
  /** Opaque id, e.g. shr_4Gd8kLm2Qx7Rt1Vb9Nc3. */
  id: Scalars['String']['output'];
  /** The shared link (lnk_…), or null. */
  link_id?: Maybe<Scalars['String']['output']>;
  /** The shared tag, or null. */
  tag?: Maybe<Scalars['String']['output']>;
  /** The public page (<public URL>/dashboard/share/<token>): given once, when the share is made (the token is kept hashed); null afterwards. */
  url?: Maybe<Scalars['String']['output']>;
};

/** What a share covers. */
export type AnalyticsShareKind =
  | 'domain'
  | 'link'
  | 'tag'
  | 'workspace';

/** One page of shares, newest first. */
export type AnalyticsShareList = {
  __typename?: 'AnalyticsShareList';
  data: Array<AnalyticsShare>;
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor?: Maybe<Scalars['String']['output']>;
};

/** An API key (its secret is shown only once, when created). */
export type ApiKey = Node & {
  __typename?: 'ApiKey';
  created_at: Scalars['DateTime']['output'];
  /** A restricted key sees and changes only links on these domains; null: any domain. */
  domains?: Maybe<Array<Scalars['String']['output']>>;
  expires_at: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  last_used_at?: Maybe<Scalars['DateTime']['output']>;
  name: Scalars['String']['output'];
  revoked_at?: Maybe<Scalars['DateTime']['output']>;
  /** What the key may do (links:read, links:write, ...); a …:write scope implies the …:read of the same resource. */
  scopes: Array<Scalars['String']['output']>;
  /** A restricted key sees and changes only links carrying one of these tags; null: any link. */
  tags?: Maybe<Array<Scalars['String']['output']>>;
};

export type ApiKeyList = {
  __typename?: 'ApiKeyList';
  data: Array<ApiKey>;
};

/** Who acted: a user, an API key, the operator at the command line (cli) or lsk itself (system). */
export type AuditActor = {
  __typename?: 'AuditActor';
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
  __typename?: 'AuditEntry';
  /** What was done, e.g. link.created, key.revoked, user.sign_in_failed (docs/audit.md lists all). */
  action: Scalars['String']['output'];
  actor: AuditActor;
  /** When it happened. */
  at: Scalars['DateTime']['output'];
  /** Opaque id, e.g. aud_0VbbQFuK000NfDApHTI5; ordered by time. */
  id: Scalars['ID']['output'];
  /** X-Request-Id of the request (one per CLI command); null for lsk's own work. */
  request_id?: Maybe<Scalars['String']['output']>;
  target: AuditTarget;
};

/** One page of audit entries, newest first. */
export type AuditLog = {
  __typename?: 'AuditLog';
  data: Array<AuditEntry>;
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor?: Maybe<Scalars['String']['output']>;
};

/** What the action was about. */
export type AuditTarget = {
  __typename?: 'AuditTarget';
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
  __typename?: 'BrowserClicks';
  /** Browser family (Chrome, Safari, Firefox, ...). */
  browser: Scalars['String']['output'];
  clicks: Scalars['Int']['output'];
};

export type BulkDeleteResult = {
  __typename?: 'BulkDeleteResult';
  /** Ids of the links deleted, in request order. */
  deleted: Array<Scalars['String']['output']>;
  /** Ids that are not links of your workspace. */
  not_found: Array<Scalars['String']['output']>;
};

export type BulkErrorDetail = {
  __typename?: 'BulkErrorDetail';
  message: Scalars['String']['output'];
  path: Scalars['String']['output'];
};

/** Why one item of a bulk call failed: the code, message and details the one-link call would answer. */
export type BulkItemError = {
  __typename?: 'BulkItemError';
  code: Scalars['String']['output'];
  /** The fields at fault (the first 8). */
  details?: Maybe<Array<BulkErrorDetail>>;
  message: Scalars['String']['output'];
};

/** One item of a bulk call: its link, or its error (exactly one is set). */
export type BulkLinkResult = {
  __typename?: 'BulkLinkResult';
  error?: Maybe<BulkItemError>;
  link?: Maybe<Link>;
};

/** One result per item, in request order. */
export type BulkLinkResults = {
  __typename?: 'BulkLinkResults';
  data: Array<BulkLinkResult>;
};

/** One person's click (bots are never logged), with what it recorded; null where a value is unknown. */
export type ClickEvent = {
  __typename?: 'ClickEvent';
  browser?: Maybe<Scalars['String']['output']>;
  city?: Maybe<Scalars['String']['output']>;
  continent?: Maybe<Scalars['String']['output']>;
  country?: Maybe<Scalars['String']['output']>;
  device?: Maybe<Scalars['String']['output']>;
  language?: Maybe<Scalars['String']['output']>;
  /** The link clicked, as `link(id)` answers it (needs links:read); null for a link deleted since. */
  link?: Maybe<Link>;
  link_id: Scalars['ID']['output'];
  os?: Maybe<Scalars['String']['output']>;
  referrer?: Maybe<Scalars['String']['output']>;
  referrer_url?: Maybe<Scalars['String']['output']>;
  region?: Maybe<Scalars['String']['output']>;
  /** The link's short URL now. */
  short_url: Scalars['String']['output'];
  /** When the click happened. */
  timestamp: Scalars['DateTime']['output'];
  trigger?: Maybe<Scalars['String']['output']>;
  utm_campaign?: Maybe<Scalars['String']['output']>;
  utm_content?: Maybe<Scalars['String']['output']>;
  utm_medium?: Maybe<Scalars['String']['output']>;
  utm_source?: Maybe<Scalars['String']['output']>;
  utm_term?: Maybe<Scalars['String']['output']>;
  variant?: Maybe<Scalars['String']['output']>;
};

/** One page of click events, newest first. */
export type ClickEventList = {
  __typename?: 'ClickEventList';
  data: Array<ClickEvent>;
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor?: Maybe<Scalars['String']['output']>;
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
  __typename?: 'ClickTotals';
  bots: Scalars['Int']['output'];
  clicks: Scalars['Int']['output'];
};

export type CountryClicks = {
  __typename?: 'CountryClicks';
  clicks: Scalars['Int']['output'];
  /** ISO 3166-1 alpha-2 code. */
  country: Scalars['String']['output'];
};

/** A new API key with its secret, shown this once. */
export type CreatedApiKey = {
  __typename?: 'CreatedApiKey';
  created_at: Scalars['DateTime']['output'];
  /** A restricted key sees and changes only links on these domains; null: any domain. */
  domains?: Maybe<Array<Scalars['String']['output']>>;
  expires_at: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  /** The secret: lsk_live_... */
  key: Scalars['String']['output'];
  last_used_at?: Maybe<Scalars['DateTime']['output']>;
  name: Scalars['String']['output'];
  revoked_at?: Maybe<Scalars['DateTime']['output']>;
  /** What the key may do (links:read, links:write, ...); a …:write scope implies the …:read of the same resource. */
  scopes: Array<Scalars['String']['output']>;
  /** A restricted key sees and changes only links carrying one of these tags; null: any link. */
  tags?: Maybe<Array<Scalars['String']['output']>>;
};

/** A new invite with its link, shown this once. */
export type CreatedInvite = {
  __typename?: 'CreatedInvite';
  created_at: Scalars['DateTime']['output'];
  email: Scalars['String']['output'];
  expires_at: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  role: Role;
  /** The link to accept it (the dashboard page). */
  url: Scalars['String']['output'];
};

export type DayClicks = {
  __typename?: 'DayClicks';
  clicks: Scalars['Int']['output'];
  /** ISO date (UTC). */
  date: Scalars['String']['output'];
};

/** The last checks of the link's targets (destination, geo and device targets, expired URL): HEAD, else GET, every LSK_HEALTH_INTERVAL_H hours. */
export type DestinationHealth = {
  __typename?: 'DestinationHealth';
  /** When the targets were last checked; null before the first check. */
  checked_at?: Maybe<Scalars['DateTime']['output']>;
  /** The HTTP status of the failing target (or of the destination when all answered); null when none came. */
  http_status?: Maybe<Scalars['Int']['output']>;
  /** ok, broken or unknown. */
  status: HealthStatus;
};

export type DeviceClicks = {
  __typename?: 'DeviceClicks';
  clicks: Scalars['Int']['output'];
  /** desktop, mobile, tablet or other. */
  device: Scalars['String']['output'];
};

export type Domain = {
  __typename?: 'Domain';
  /** Served as /.well-known/apple-app-site-association (null: 404). */
  apple_app_site_association?: Maybe<Scalars['AppSiteAssociation']['output']>;
  /** Served as /.well-known/assetlinks.json (null: 404). */
  assetlinks?: Maybe<Scalars['AssetLinks']['output']>;
  /** Whether search engines may index the domain (robots.txt allows it; redirects carry no X-Robots-Tag: noindex). */
  crawlable: Scalars['Boolean']['output'];
  created_at: Scalars['DateTime']['output'];
  /** Where the domain's expired or exhausted links go when they set no expired_url (null: 410). */
  expired_url?: Maybe<Scalars['String']['output']>;
  host: Scalars['String']['output'];
  /** Where unknown aliases go (null: a 404 page). */
  not_found_url?: Maybe<Scalars['String']['output']>;
  /** Where `/` on the domain goes (null: the service default). */
  root_url?: Maybe<Scalars['String']['output']>;
};

export type DomainList = {
  __typename?: 'DomainList';
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
  __typename?: 'Invite';
  created_at: Scalars['DateTime']['output'];
  email: Scalars['String']['output'];
  /** Seven days after it was made. */
  expires_at: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  role: Role;
};

export type InviteList = {
  __typename?: 'InviteList';
  data: Array<Invite>;
};

/** A short link. */
export type Link = Node & {
  __typename?: 'Link';
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
  expired_url?: Maybe<Scalars['String']['output']>;
  /** ISO 8601 UTC time after which the link is expired, or null. */
  expires_at?: Maybe<Scalars['DateTime']['output']>;
  /** Your own id of the link, unique in the workspace; `ext_<external_id>` stands for the link id in paths and link(id). */
  external_id?: Maybe<Scalars['String']['output']>;
  /** Country-specific targets (always an object). */
  geo_targeting: Scalars['GeoTargeting']['output'];
  /** Opaque id, e.g. lnk_3kTMd9sQ0pX1bY7zA2cW. */
  id: Scalars['ID']['output'];
  /** Clicks after which the link is exhausted, or null. */
  max_clicks?: Maybe<Scalars['Int']['output']>;
  /** Whether visitors must enter a password first. */
  password_protected: Scalars['Boolean']['output'];
  /** The social preview crawlers get; null when none. */
  preview?: Maybe<Scalars['LinkPreview']['output']>;
  /** A QR code of the link's short_url, as an SVG document. */
  qr_svg: Scalars['String']['output'];
  /** Redirect rules, in order, as given; null when none. */
  rules?: Maybe<Scalars['LinkRules']['output']>;
  /** https://{domain}/{alias} (http:// for localhost). */
  short_url: Scalars['String']['output'];
  /** This link's click statistics (as linkStats); needs the scope analytics:read. */
  stats?: Maybe<LinkStats>;
  /** active, expired or exhausted. */
  status: LinkStatus;
  /** Tag names (always an array). */
  tags: Array<Scalars['String']['output']>;
  /** Display title (1-200 characters) or null. */
  title?: Maybe<Scalars['String']['output']>;
  /** ISO 8601 UTC time. */
  updated_at: Scalars['DateTime']['output'];
  /** UTM values set on the target URL; null when none. */
  utm?: Maybe<Scalars['Utm']['output']>;
  /** A/B variants as given; null when none. */
  variants?: Maybe<Scalars['LinkVariants']['output']>;
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
  __typename?: 'LinkCount';
  /** null for status=active or exhausted over more than 10,000 links (their click counts decide). */
  total?: Maybe<Scalars['Int']['output']>;
};

/** broken: only links whose targets failed two checks in a row. */
export type LinkHealthFilter =
  | 'broken';

/** One page of links, newest first. */
export type LinkList = {
  __typename?: 'LinkList';
  data: Array<Link>;
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor?: Maybe<Scalars['String']['output']>;
};

/** Order of a link list: newest, oldest, alias (A-Z) or clicks (most first). */
export type LinkSort =
  | 'alias'
  | 'clicks'
  | 'newest'
  | 'oldest';

/** Clicks of one link over [from, to] (whole UTC days). Bots are counted apart. */
export type LinkStats = {
  __typename?: 'LinkStats';
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
  __typename?: 'Member';
  /** When the user joined the workspace. */
  created_at: Scalars['DateTime']['output'];
  email: Scalars['String']['output'];
  name: Scalars['String']['output'];
  role: Role;
  /** The user (usr_…). */
  user_id: Scalars['ID']['output'];
};

export type MemberList = {
  __typename?: 'MemberList';
  data: Array<Member>;
};

/** Writes. Every field needs an API key and names its scope. */
export type Mutation = {
  __typename?: 'Mutation';
  /** Schedule an analytics report by email (at most 20 per workspace). */
  createAnalyticsReport?: Maybe<ScheduledReport>;
  /** Publish the analytics of one link, tag or domain (or, with none, of the workspace) at a public, read-only URL, returned this once (at most 100 shares per workspace). Needs links:write too. */
  createAnalyticsShare?: Maybe<AnalyticsShare>;
  /** Add a custom domain to your workspace. */
  createDomain?: Maybe<Domain>;
  /** Invite someone by email; the link (valid 7 days) is returned this once. */
  createInvite?: Maybe<CreatedInvite>;
  /** Create an API key; the secret is returned this once. */
  createKey?: Maybe<CreatedApiKey>;
  /** Create a link. */
  createLink?: Maybe<Link>;
  /** Create up to 100 links in one call; each item succeeds or fails on its own. Counts as one request against the plan. */
  createLinks?: Maybe<BulkLinkResults>;
  /** Save a UTM template (at most 100 per workspace). */
  createUtmTemplate?: Maybe<UtmTemplate>;
  /** Add a webhook endpoint; its signing secret is returned this once. */
  createWebhook?: Maybe<WebhookEndpointWithSecret>;
  /** Delete a scheduled report. */
  deleteAnalyticsReport?: Maybe<Scalars['Boolean']['output']>;
  /** Revoke a share: its page answers not found at once. Needs links:write too. */
  deleteAnalyticsShare?: Maybe<Scalars['Boolean']['output']>;
  /** Remove a custom domain (it must serve no links). */
  deleteDomain?: Maybe<Scalars['Boolean']['output']>;
  /** Delete a link; its alias answers 404 from then on. */
  deleteLink?: Maybe<Scalars['Boolean']['output']>;
  /** Delete up to 100 links; ids that are not links of your workspace are listed as not_found. */
  deleteLinks?: Maybe<BulkDeleteResult>;
  /** Delete a tag and remove it from every link. */
  deleteTag?: Maybe<Scalars['Boolean']['output']>;
  /** Delete a UTM template (links keep their utm values). */
  deleteUtmTemplate?: Maybe<Scalars['Boolean']['output']>;
  /** Delete an endpoint and its deliveries. */
  deleteWebhook?: Maybe<Scalars['Boolean']['output']>;
  /** Delete the workspace and everything it holds (owners; keys with workspace:write and no restriction). Its keys and sessions stop at once, its links answer 404, its domains and slug are free again; the rest of its data is purged in the background. */
  deleteWorkspace?: Maybe<Scalars['Boolean']['output']>;
  /** Remove a member from your workspace (never the last owner). */
  removeMember?: Maybe<Scalars['Boolean']['output']>;
  /** Send a delivery again now, with the same webhook-id. */
  retryWebhookDelivery?: Maybe<WebhookDelivery>;
  /** Withdraw an invite; its link stops working. */
  revokeInvite?: Maybe<Scalars['Boolean']['output']>;
  /** Revoke an API key; it stops working at once. */
  revokeKey?: Maybe<ApiKey>;
  /** Replace the signing secret; the old one keeps signing beside the new one for 24 hours. */
  rotateWebhookSecret?: Maybe<WebhookEndpointWithSecret>;
  /** Send a report now, for its latest complete period (a preview; the schedule is unchanged). 5 a minute per workspace; 503 unavailable when the server has no SMTP. */
  sendAnalyticsReport?: Maybe<ScheduledReportSent>;
  /** Send a webhook.test event to the endpoint. */
  testWebhook?: Maybe<WebhookDelivery>;
  /** Change a report’s frequency, zone, scope or recipients (a new frequency or zone moves its next run). */
  updateAnalyticsReport?: Maybe<ScheduledReport>;
  /** Change a custom domain's settings (each optional; null restores the default). */
  updateDomain?: Maybe<Domain>;
  /** Change any subset of a link's fields; null clears geo_targeting and tags. */
  updateLink?: Maybe<Link>;
  /** Apply one patch to up to 100 links, then add and remove tags; each link succeeds or fails on its own. */
  updateLinks?: Maybe<BulkLinkResults>;
  /** Change a member's role (admins: below owner only; the last owner keeps the role). */
  updateMember?: Maybe<Member>;
  /** Rename a tag; renaming to an existing tag's name merges the two. */
  updateTag?: Maybe<Tag>;
  /** Change a UTM template's name or values (null clears a value). */
  updateUtmTemplate?: Maybe<UtmTemplate>;
  /** Change any subset of an endpoint's url, events, description and enabled. */
  updateWebhook?: Maybe<WebhookEndpoint>;
  /** Change the workspace's settings (owners): `require_2fa`. */
  updateWorkspace?: Maybe<Workspace>;
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
  __typename?: 'OsClicks';
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
  __typename?: 'QrCode';
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
  __typename?: 'Query';
  /** Clicks over a window of at most 400 days (default the last 30 local days), as a time series or grouped, filtered by any recorded value, link, tag or domain. */
  analytics?: Maybe<Analytics>;
  /** One scheduled analytics report of your workspace. */
  analyticsReport?: Maybe<ScheduledReport>;
  /** Scheduled analytics reports of your workspace, oldest first (at most 20). */
  analyticsReports?: Maybe<ScheduledReportPage>;
  /** Shared analytics pages of your workspace, newest first (never their tokens). */
  analyticsShares?: Maybe<AnalyticsShareList>;
  /** What was changed in the workspace, and every sign-in of its members, newest first; filters combine with AND. Owners and admins. */
  auditLog?: Maybe<AuditLog>;
  /** People's clicks one by one, newest first, kept LSK_CLICK_EVENTS_DAYS days (default 90), with the analytics filters. */
  clickEvents?: Maybe<ClickEventList>;
  /** Custom domains of your workspace. */
  domains?: Maybe<DomainList>;
  /** Pending invites of your workspace, newest first (never their links). */
  invites?: Maybe<InviteList>;
  /** API keys of your workspace (never their secrets). */
  keys?: Maybe<ApiKeyList>;
  /** One link of your workspace. */
  link?: Maybe<Link>;
  /** How many links of your workspace match the filters of links(...). */
  linkCount?: Maybe<LinkCount>;
  /** A QR code of the link's short_url as SVG or PNG, with size, margin, error correction and colours. */
  linkQrCode?: Maybe<QrCode>;
  /** Click statistics of a link; from/to are ISO dates, default the last 30 days. */
  linkStats?: Maybe<LinkStats>;
  /** Links of your workspace, newest first, with cursor pagination and filters. */
  links?: Maybe<LinkList>;
  /** Members of your workspace with their roles, oldest first. */
  members?: Maybe<MemberList>;
  /** Any object of your workspace by its global id (lnk_, key_, whk_, usr_, inv_); null when there is none. Reading it needs that type's read scope. */
  node?: Maybe<Node>;
  /** The analytics a share publishes, read with its token alone (no key or session; limited per client address). Filters are ANDed with what the share covers and never widen it: a link id outside it reads nothing. Unknown, revoked and expired tokens answer not_found alike. */
  sharedAnalytics?: Maybe<SharedAnalytics>;
  /** Tags of your workspace with their link counts. */
  tags?: Maybe<TagList>;
  /** One UTM template of your workspace. */
  utmTemplate?: Maybe<UtmTemplate>;
  /** UTM templates of your workspace, oldest first. */
  utmTemplates?: Maybe<UtmTemplateList>;
  /** Who is calling, in which workspace, with which role and scopes. */
  viewer?: Maybe<Viewer>;
  /** One webhook endpoint. */
  webhook?: Maybe<WebhookEndpoint>;
  /** Deliveries of one endpoint, newest first. */
  webhookDeliveries?: Maybe<WebhookDeliveryList>;
  /** Webhook endpoints of your workspace (never their secrets). */
  webhooks?: Maybe<WebhookEndpointList>;
  /** The caller's workspace and plan. */
  workspace?: Maybe<Workspace>;
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
  __typename?: 'ReferrerClicks';
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
  __typename?: 'ScheduledReport';
  created_at: Scalars['DateTime']['output'];
  /** Only the clicks of links on this domain. */
  domain?: Maybe<Scalars['String']['output']>;
  /** False when the server has no SMTP server (LSK_SMTP_URL): reports are kept, none is sent. */
  email_enabled: Scalars['Boolean']['output'];
  frequency: ReportFrequency;
  /** Opaque id, e.g. rpt_4Gd8kLm2Qx7Rt1Vb9Nc3. */
  id: Scalars['ID']['output'];
  last_sent_at?: Maybe<Scalars['DateTime']['output']>;
  /** Only this link’s clicks; null unless scoped to a link. */
  link_id?: Maybe<Scalars['String']['output']>;
  next_run_at: Scalars['DateTime']['output'];
  /** User ids of the members it goes to (one removed from the workspace no longer receives it). */
  recipients: Array<Scalars['String']['output']>;
  /** Only the clicks of links with this tag. */
  tag?: Maybe<Scalars['String']['output']>;
  /** IANA zone the schedule and the period’s days are read in. */
  timezone: Scalars['String']['output'];
};

/** One page of the workspace’s reports, oldest first. */
export type ScheduledReportPage = {
  __typename?: 'ScheduledReportPage';
  data: Array<ScheduledReport>;
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor?: Maybe<Scalars['String']['output']>;
};

/** A report sent now: the period it covered and how many members it went to. */
export type ScheduledReportSent = {
  __typename?: 'ScheduledReportSent';
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
  __typename?: 'SharedAnalytics';
  analytics: Analytics;
  /** When the share stops answering; null: until revoked. */
  expires_at?: Maybe<Scalars['DateTime']['output']>;
  kind: AnalyticsShareKind;
  /** The link's short URL, the tag, the domain, or the workspace's slug. */
  label: Scalars['String']['output'];
};

export type Tag = {
  __typename?: 'Tag';
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
  __typename?: 'TagList';
  data: Array<Tag>;
};

/** A person who signs in to the dashboard. */
export type User = Node & {
  __typename?: 'User';
  created_at: Scalars['DateTime']['output'];
  email: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
};

/** A named set of UTM values of the workspace. */
export type UtmTemplate = {
  __typename?: 'UtmTemplate';
  /** utm_campaign, or null. */
  campaign?: Maybe<Scalars['String']['output']>;
  /** utm_content, or null. */
  content?: Maybe<Scalars['String']['output']>;
  created_at: Scalars['DateTime']['output'];
  /** Opaque id, e.g. utm_4Gd8kLm2Qx7Rt1Vb9Nc3. */
  id: Scalars['ID']['output'];
  /** utm_medium, or null. */
  medium?: Maybe<Scalars['String']['output']>;
  /** Unique in the workspace (case-insensitively). */
  name: Scalars['String']['output'];
  /** utm_source, or null. */
  source?: Maybe<Scalars['String']['output']>;
  /** utm_term, or null. */
  term?: Maybe<Scalars['String']['output']>;
  updated_at: Scalars['DateTime']['output'];
};

export type UtmTemplateList = {
  __typename?: 'UtmTemplateList';
  data: Array<UtmTemplate>;
};

/** Who is calling: a user (with a role) or an API key, the workspace it acts in, and the scopes it holds. */
export type Viewer = {
  __typename?: 'Viewer';
  key?: Maybe<ApiKey>;
  kind: ViewerKind;
  /** The user's role; null for a key. */
  role?: Maybe<Role>;
  /** Scopes held, implications included. */
  scopes: Array<Scalars['String']['output']>;
  user?: Maybe<User>;
  workspace: Workspace;
};

/** A signed-in user (dashboard session) or an API key. */
export type ViewerKind =
  | 'key'
  | 'user';

/** One event for one endpoint, and how its delivery went. */
export type WebhookDelivery = {
  __typename?: 'WebhookDelivery';
  /** Attempts made so far. */
  attempts: Scalars['Int']['output'];
  /** When the event happened. */
  created_at: Scalars['String']['output'];
  /** When a 2xx answer came. */
  delivered_at?: Maybe<Scalars['String']['output']>;
  /** link.created, link.updated, link.deleted, link.clicked or webhook.test. */
  event_type: Scalars['String']['output'];
  /** Opaque id, e.g. dlv_3kTMd9sQ0pX1bY7zA2cW. */
  id: Scalars['ID']['output'];
  /** How long the last attempt took, in milliseconds. */
  last_duration_ms?: Maybe<Scalars['Int']['output']>;
  /** Why the last attempt failed. */
  last_error?: Maybe<Scalars['String']['output']>;
  /** HTTP status of the last answer; null when none came. */
  last_status_code?: Maybe<Scalars['Int']['output']>;
  /** When the next attempt is due (pending only). */
  next_attempt_at?: Maybe<Scalars['String']['output']>;
  /** pending, delivered or failed. */
  status: WebhookDeliveryStatus;
};

/** One page of deliveries, newest first. */
export type WebhookDeliveryList = {
  __typename?: 'WebhookDeliveryList';
  data: Array<WebhookDelivery>;
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor?: Maybe<Scalars['String']['output']>;
};

/** pending (another attempt is due), delivered (a 2xx answer came) or failed (given up: no attempt left, or the endpoint was disabled). */
export type WebhookDeliveryStatus =
  | 'delivered'
  | 'failed'
  | 'pending';

/** A URL that receives signed events (Standard Webhooks). */
export type WebhookEndpoint = {
  __typename?: 'WebhookEndpoint';
  /** ISO 8601 UTC time. */
  created_at: Scalars['String']['output'];
  /** Free text for your own use. */
  description?: Maybe<Scalars['String']['output']>;
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
  __typename?: 'WebhookEndpointList';
  data: Array<WebhookEndpoint>;
};

/** A webhook endpoint with its signing secret, shown this once. */
export type WebhookEndpointWithSecret = {
  __typename?: 'WebhookEndpointWithSecret';
  /** ISO 8601 UTC time. */
  created_at: Scalars['String']['output'];
  /** Free text for your own use. */
  description?: Maybe<Scalars['String']['output']>;
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
  __typename?: 'Workspace';
  id: Scalars['ID']['output'];
  plan: Plan;
  /** Requests per minute allowed to the whole workspace. */
  rate_limit_rpm: Scalars['Int']['output'];
  /** Whether members need a second factor (authenticator app or passkey) to act here; set by an owner. */
  require_2fa: Scalars['Boolean']['output'];
  slug: Scalars['String']['output'];
};

export type AnalyticsAnswerFragment = { __typename?: 'Analytics', group_by: AnalyticsGroupBy, from: string, to: string, interval?: AnalyticsInterval | null, timezone: string, total: { __typename?: 'ClickTotals', clicks: number, bots: number }, previous?: { __typename?: 'AnalyticsPrevious', from: string, to: string, total: { __typename?: 'ClickTotals', clicks: number, bots: number } } | null, data: Array<{ __typename?: 'AnalyticsItem', key: string, clicks: number, previous_clicks?: number | null, alias?: string | null, short_url?: string | null, hosts?: Array<string> | null }> };

export type DashboardAnalyticsQueryVariables = Exact<{
  group_by?: InputMaybe<AnalyticsGroupBy>;
  from?: InputMaybe<Scalars['String']['input']>;
  to?: InputMaybe<Scalars['String']['input']>;
  interval?: InputMaybe<AnalyticsInterval>;
  timezone?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  filter?: InputMaybe<ClickFilter>;
  compare?: InputMaybe<AnalyticsCompare>;
}>;


export type DashboardAnalyticsQuery = { __typename?: 'Query', analytics?: { __typename?: 'Analytics', group_by: AnalyticsGroupBy, from: string, to: string, interval?: AnalyticsInterval | null, timezone: string, data: Array<{ __typename?: 'AnalyticsItem', key: string, clicks: number, previous_clicks?: number | null, alias?: string | null, short_url?: string | null, hosts?: Array<string> | null, link?: { __typename?: 'Link', id: string, title?: string | null } | null }>, total: { __typename?: 'ClickTotals', clicks: number, bots: number }, previous?: { __typename?: 'AnalyticsPrevious', from: string, to: string, total: { __typename?: 'ClickTotals', clicks: number, bots: number } } | null } | null };

export type DashboardClickEventsQueryVariables = Exact<{
  from?: InputMaybe<Scalars['String']['input']>;
  to?: InputMaybe<Scalars['String']['input']>;
  timezone?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  cursor?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ClickFilter>;
}>;


export type DashboardClickEventsQuery = { __typename?: 'Query', clickEvents?: { __typename?: 'ClickEventList', next_cursor?: string | null, data: Array<{ __typename?: 'ClickEvent', timestamp: string, link_id: string, short_url: string, country?: string | null, region?: string | null, city?: string | null, device?: string | null, browser?: string | null, os?: string | null, referrer?: string | null, referrer_url?: string | null, utm_source?: string | null, utm_medium?: string | null, utm_campaign?: string | null, trigger?: string | null, language?: string | null, link?: { __typename?: 'Link', id: string, title?: string | null } | null }> } | null };

export type DashboardLinkNameQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DashboardLinkNameQuery = { __typename?: 'Query', link?: { __typename?: 'Link', id: string, short_url: string, title?: string | null } | null };

export type DashboardAnalyticsSharesQueryVariables = Exact<{ [key: string]: never; }>;


export type DashboardAnalyticsSharesQuery = { __typename?: 'Query', analyticsShares?: { __typename?: 'AnalyticsShareList', next_cursor?: string | null, data: Array<{ __typename?: 'AnalyticsShare', id: string, link_id?: string | null, tag?: string | null, domain?: string | null, expires_at?: string | null, created_at: string, created_by: { __typename?: 'AuditActor', label: string } }> } | null };

export type DashboardCreateAnalyticsShareMutationVariables = Exact<{
  link_id?: InputMaybe<Scalars['ID']['input']>;
  tag?: InputMaybe<Scalars['String']['input']>;
  domain?: InputMaybe<Scalars['String']['input']>;
  expires_at?: InputMaybe<Scalars['String']['input']>;
}>;


export type DashboardCreateAnalyticsShareMutation = { __typename?: 'Mutation', createAnalyticsShare?: { __typename?: 'AnalyticsShare', id: string, url?: string | null } | null };

export type DashboardDeleteAnalyticsShareMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DashboardDeleteAnalyticsShareMutation = { __typename?: 'Mutation', deleteAnalyticsShare?: boolean | null };

export type DashboardSharedAnalyticsQueryVariables = Exact<{
  token: Scalars['String']['input'];
  group_by?: InputMaybe<AnalyticsGroupBy>;
  from?: InputMaybe<Scalars['String']['input']>;
  to?: InputMaybe<Scalars['String']['input']>;
  interval?: InputMaybe<AnalyticsInterval>;
  timezone?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  filter?: InputMaybe<ClickFilter>;
  compare?: InputMaybe<AnalyticsCompare>;
}>;


export type DashboardSharedAnalyticsQuery = { __typename?: 'Query', sharedAnalytics?: { __typename?: 'SharedAnalytics', kind: AnalyticsShareKind, label: string, expires_at?: string | null, analytics: { __typename?: 'Analytics', group_by: AnalyticsGroupBy, from: string, to: string, interval?: AnalyticsInterval | null, timezone: string, total: { __typename?: 'ClickTotals', clicks: number, bots: number }, previous?: { __typename?: 'AnalyticsPrevious', from: string, to: string, total: { __typename?: 'ClickTotals', clicks: number, bots: number } } | null, data: Array<{ __typename?: 'AnalyticsItem', key: string, clicks: number, previous_clicks?: number | null, alias?: string | null, short_url?: string | null, hosts?: Array<string> | null }> } } | null };

export type DashboardAuditLogQueryVariables = Exact<{
  action?: InputMaybe<Scalars['String']['input']>;
  actor_id?: InputMaybe<Scalars['String']['input']>;
  target_id?: InputMaybe<Scalars['String']['input']>;
  from?: InputMaybe<Scalars['String']['input']>;
  to?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  cursor?: InputMaybe<Scalars['String']['input']>;
}>;


export type DashboardAuditLogQuery = { __typename?: 'Query', auditLog?: { __typename?: 'AuditLog', next_cursor?: string | null, data: Array<{ __typename?: 'AuditEntry', id: string, at: string, action: string, request_id?: string | null, actor: { __typename?: 'AuditActor', type: AuditActorType, id: string, label: string }, target: { __typename?: 'AuditTarget', type: AuditTargetType, id: string } }> } | null };

export type DomainSettingsFieldsFragment = { __typename?: 'Domain', host: string, root_url?: string | null, not_found_url?: string | null, expired_url?: string | null, crawlable: boolean, apple_app_site_association?: Record<string, unknown> | null, assetlinks?: unknown[] | null };

export type DashboardDomainSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type DashboardDomainSettingsQuery = { __typename?: 'Query', domains?: { __typename?: 'DomainList', data: Array<{ __typename?: 'Domain', host: string, root_url?: string | null, not_found_url?: string | null, expired_url?: string | null, crawlable: boolean, apple_app_site_association?: Record<string, unknown> | null, assetlinks?: unknown[] | null }> } | null };

export type DashboardUpdateDomainMutationVariables = Exact<{
  domain: Scalars['String']['input'];
  root_url?: InputMaybe<Scalars['String']['input']>;
  not_found_url?: InputMaybe<Scalars['String']['input']>;
  expired_url?: InputMaybe<Scalars['String']['input']>;
  crawlable?: InputMaybe<Scalars['Boolean']['input']>;
  apple_app_site_association?: InputMaybe<Scalars['AppSiteAssociation']['input']>;
  assetlinks?: InputMaybe<Scalars['AssetLinks']['input']>;
}>;


export type DashboardUpdateDomainMutation = { __typename?: 'Mutation', updateDomain?: { __typename?: 'Domain', host: string, root_url?: string | null, not_found_url?: string | null, expired_url?: string | null, crawlable: boolean, apple_app_site_association?: Record<string, unknown> | null, assetlinks?: unknown[] | null } | null };

export type DashboardDomainsQueryVariables = Exact<{ [key: string]: never; }>;


export type DashboardDomainsQuery = { __typename?: 'Query', domains?: { __typename?: 'DomainList', data: Array<{ __typename?: 'Domain', host: string, created_at: string }> } | null };

export type DashboardCreateDomainMutationVariables = Exact<{
  host: Scalars['String']['input'];
}>;


export type DashboardCreateDomainMutation = { __typename?: 'Mutation', createDomain?: { __typename?: 'Domain', host: string } | null };

export type DashboardDeleteDomainMutationVariables = Exact<{
  host: Scalars['String']['input'];
}>;


export type DashboardDeleteDomainMutation = { __typename?: 'Mutation', deleteDomain?: boolean | null };

export type DashboardKeysQueryVariables = Exact<{ [key: string]: never; }>;


export type DashboardKeysQuery = { __typename?: 'Query', keys?: { __typename?: 'ApiKeyList', data: Array<{ __typename?: 'ApiKey', id: string, name: string, created_at: string, expires_at: string, last_used_at?: string | null, revoked_at?: string | null, scopes: Array<string>, domains?: Array<string> | null, tags?: Array<string> | null }> } | null };

export type DashboardKeyChoicesQueryVariables = Exact<{ [key: string]: never; }>;


export type DashboardKeyChoicesQuery = { __typename?: 'Query', viewer?: { __typename?: 'Viewer', scopes: Array<string> } | null, domains?: { __typename?: 'DomainList', data: Array<{ __typename?: 'Domain', host: string }> } | null, tags?: { __typename?: 'TagList', data: Array<{ __typename?: 'Tag', name: string }> } | null };

export type DashboardCreateKeyMutationVariables = Exact<{
  name?: InputMaybe<Scalars['String']['input']>;
  scopes?: InputMaybe<Array<Scalars['String']['input']> | Scalars['String']['input']>;
  domains?: InputMaybe<Array<Scalars['String']['input']> | Scalars['String']['input']>;
  tags?: InputMaybe<Array<Scalars['String']['input']> | Scalars['String']['input']>;
}>;


export type DashboardCreateKeyMutation = { __typename?: 'Mutation', createKey?: { __typename?: 'CreatedApiKey', id: string, name: string, key: string, expires_at: string } | null };

export type DashboardRevokeKeyMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DashboardRevokeKeyMutation = { __typename?: 'Mutation', revokeKey?: { __typename?: 'ApiKey', id: string, revoked_at?: string | null } | null };

export type BulkItemErrorFieldsFragment = { __typename?: 'BulkItemError', code: string, message: string, details?: Array<{ __typename?: 'BulkErrorDetail', path: string, message: string }> | null };

export type DashboardCreateLinksMutationVariables = Exact<{
  links: Array<Scalars['LinkFields']['input']> | Scalars['LinkFields']['input'];
}>;


export type DashboardCreateLinksMutation = { __typename?: 'Mutation', createLinks?: { __typename?: 'BulkLinkResults', data: Array<{ __typename?: 'BulkLinkResult', link?: { __typename?: 'Link', id: string } | null, error?: { __typename?: 'BulkItemError', code: string, message: string, details?: Array<{ __typename?: 'BulkErrorDetail', path: string, message: string }> | null } | null }> } | null };

export type DashboardUpdateLinksMutationVariables = Exact<{
  ids: Array<Scalars['ID']['input']> | Scalars['ID']['input'];
  add_tags?: InputMaybe<Array<Scalars['String']['input']> | Scalars['String']['input']>;
  remove_tags?: InputMaybe<Array<Scalars['String']['input']> | Scalars['String']['input']>;
}>;


export type DashboardUpdateLinksMutation = { __typename?: 'Mutation', updateLinks?: { __typename?: 'BulkLinkResults', data: Array<{ __typename?: 'BulkLinkResult', link?: { __typename?: 'Link', id: string, tags: Array<string> } | null, error?: { __typename?: 'BulkItemError', code: string, message: string, details?: Array<{ __typename?: 'BulkErrorDetail', path: string, message: string }> | null } | null }> } | null };

export type DashboardDeleteLinksMutationVariables = Exact<{
  ids: Array<Scalars['ID']['input']> | Scalars['ID']['input'];
}>;


export type DashboardDeleteLinksMutation = { __typename?: 'Mutation', deleteLinks?: { __typename?: 'BulkDeleteResult', deleted: Array<string>, not_found: Array<string> } | null };

export type LinkFieldsFragment = { __typename?: 'Link', id: string, short_url: string, domain: string, alias: string, destination: string, geo_targeting: Record<string, string>, tags: Array<string>, clicks: number, title?: string | null, external_id?: string | null, status: LinkStatus, expires_at?: string | null, expired_url?: string | null, max_clicks?: number | null, password_protected: boolean, device_targeting: { ios?: string; android?: string }, rules?: Array<{ if: Record<string, unknown>; to: string }> | null, variants?: Array<{ url: string; weight: number }> | null, utm?: { source?: string; medium?: string; campaign?: string; term?: string; content?: string } | null, preview?: { title?: string; description?: string; image?: string } | null, created_at: string, updated_at: string, destination_health: { __typename?: 'DestinationHealth', status: HealthStatus, http_status?: number | null, checked_at?: string | null } };

export type DashboardLinksQueryVariables = Exact<{
  limit?: InputMaybe<Scalars['Int']['input']>;
  cursor?: InputMaybe<Scalars['String']['input']>;
  tag?: InputMaybe<Scalars['String']['input']>;
  domain?: InputMaybe<Scalars['String']['input']>;
  q?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<LinkStatus>;
  health?: InputMaybe<LinkHealthFilter>;
  sort?: InputMaybe<LinkSort>;
}>;


export type DashboardLinksQuery = { __typename?: 'Query', links?: { __typename?: 'LinkList', next_cursor?: string | null, data: Array<{ __typename?: 'Link', id: string, short_url: string, domain: string, alias: string, destination: string, geo_targeting: Record<string, string>, tags: Array<string>, clicks: number, title?: string | null, external_id?: string | null, status: LinkStatus, expires_at?: string | null, expired_url?: string | null, max_clicks?: number | null, password_protected: boolean, device_targeting: { ios?: string; android?: string }, rules?: Array<{ if: Record<string, unknown>; to: string }> | null, variants?: Array<{ url: string; weight: number }> | null, utm?: { source?: string; medium?: string; campaign?: string; term?: string; content?: string } | null, preview?: { title?: string; description?: string; image?: string } | null, created_at: string, updated_at: string, destination_health: { __typename?: 'DestinationHealth', status: HealthStatus, http_status?: number | null, checked_at?: string | null } }> } | null };

export type DashboardLinkCountQueryVariables = Exact<{
  tag?: InputMaybe<Scalars['String']['input']>;
  domain?: InputMaybe<Scalars['String']['input']>;
  q?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<LinkStatus>;
  health?: InputMaybe<LinkHealthFilter>;
}>;


export type DashboardLinkCountQuery = { __typename?: 'Query', linkCount?: { __typename?: 'LinkCount', total?: number | null } | null };

export type DashboardUtmTemplatesQueryVariables = Exact<{ [key: string]: never; }>;


export type DashboardUtmTemplatesQuery = { __typename?: 'Query', utmTemplates?: { __typename?: 'UtmTemplateList', data: Array<{ __typename?: 'UtmTemplate', id: string, name: string, source?: string | null, medium?: string | null, campaign?: string | null, term?: string | null, content?: string | null }> } | null };

export type DashboardLinkFiltersQueryVariables = Exact<{ [key: string]: never; }>;


export type DashboardLinkFiltersQuery = { __typename?: 'Query', tags?: { __typename?: 'TagList', data: Array<{ __typename?: 'Tag', name: string }> } | null, domains?: { __typename?: 'DomainList', default_host: string, data: Array<{ __typename?: 'Domain', host: string }> } | null };

export type DashboardLinkQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DashboardLinkQuery = { __typename?: 'Query', link?: { __typename?: 'Link', id: string, short_url: string, domain: string, alias: string, destination: string, geo_targeting: Record<string, string>, tags: Array<string>, clicks: number, title?: string | null, external_id?: string | null, status: LinkStatus, expires_at?: string | null, expired_url?: string | null, max_clicks?: number | null, password_protected: boolean, device_targeting: { ios?: string; android?: string }, rules?: Array<{ if: Record<string, unknown>; to: string }> | null, variants?: Array<{ url: string; weight: number }> | null, utm?: { source?: string; medium?: string; campaign?: string; term?: string; content?: string } | null, preview?: { title?: string; description?: string; image?: string } | null, created_at: string, updated_at: string, destination_health: { __typename?: 'DestinationHealth', status: HealthStatus, http_status?: number | null, checked_at?: string | null } } | null };

export type DashboardCreateLinkMutationVariables = Exact<{
  destination: Scalars['String']['input'];
  domain?: InputMaybe<Scalars['String']['input']>;
  alias?: InputMaybe<Scalars['String']['input']>;
  geo_targeting?: InputMaybe<Scalars['GeoTargeting']['input']>;
  tags?: InputMaybe<Array<Scalars['String']['input']> | Scalars['String']['input']>;
  title?: InputMaybe<Scalars['String']['input']>;
  external_id?: InputMaybe<Scalars['String']['input']>;
  expires_at?: InputMaybe<Scalars['String']['input']>;
  expired_url?: InputMaybe<Scalars['String']['input']>;
  max_clicks?: InputMaybe<Scalars['Int']['input']>;
  password?: InputMaybe<Scalars['String']['input']>;
  device_targeting?: InputMaybe<Scalars['DeviceTargeting']['input']>;
  rules?: InputMaybe<Scalars['LinkRules']['input']>;
  variants?: InputMaybe<Scalars['LinkVariants']['input']>;
  utm?: InputMaybe<Scalars['Utm']['input']>;
  preview?: InputMaybe<Scalars['LinkPreview']['input']>;
}>;


export type DashboardCreateLinkMutation = { __typename?: 'Mutation', createLink?: { __typename?: 'Link', id: string, short_url: string, domain: string, alias: string, destination: string, geo_targeting: Record<string, string>, tags: Array<string>, clicks: number, title?: string | null, external_id?: string | null, status: LinkStatus, expires_at?: string | null, expired_url?: string | null, max_clicks?: number | null, password_protected: boolean, device_targeting: { ios?: string; android?: string }, rules?: Array<{ if: Record<string, unknown>; to: string }> | null, variants?: Array<{ url: string; weight: number }> | null, utm?: { source?: string; medium?: string; campaign?: string; term?: string; content?: string } | null, preview?: { title?: string; description?: string; image?: string } | null, created_at: string, updated_at: string, destination_health: { __typename?: 'DestinationHealth', status: HealthStatus, http_status?: number | null, checked_at?: string | null } } | null };

export type DashboardUpdateLinkMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  destination?: InputMaybe<Scalars['String']['input']>;
  domain?: InputMaybe<Scalars['String']['input']>;
  alias?: InputMaybe<Scalars['String']['input']>;
  geo_targeting?: InputMaybe<Scalars['GeoTargeting']['input']>;
  tags?: InputMaybe<Array<Scalars['String']['input']> | Scalars['String']['input']>;
  title?: InputMaybe<Scalars['String']['input']>;
  external_id?: InputMaybe<Scalars['String']['input']>;
  expires_at?: InputMaybe<Scalars['String']['input']>;
  expired_url?: InputMaybe<Scalars['String']['input']>;
  max_clicks?: InputMaybe<Scalars['Int']['input']>;
  password?: InputMaybe<Scalars['String']['input']>;
  device_targeting?: InputMaybe<Scalars['DeviceTargeting']['input']>;
  rules?: InputMaybe<Scalars['LinkRules']['input']>;
  variants?: InputMaybe<Scalars['LinkVariants']['input']>;
  utm?: InputMaybe<Scalars['Utm']['input']>;
  preview?: InputMaybe<Scalars['LinkPreview']['input']>;
}>;


export type DashboardUpdateLinkMutation = { __typename?: 'Mutation', updateLink?: { __typename?: 'Link', id: string, short_url: string, domain: string, alias: string, destination: string, geo_targeting: Record<string, string>, tags: Array<string>, clicks: number, title?: string | null, external_id?: string | null, status: LinkStatus, expires_at?: string | null, expired_url?: string | null, max_clicks?: number | null, password_protected: boolean, device_targeting: { ios?: string; android?: string }, rules?: Array<{ if: Record<string, unknown>; to: string }> | null, variants?: Array<{ url: string; weight: number }> | null, utm?: { source?: string; medium?: string; campaign?: string; term?: string; content?: string } | null, preview?: { title?: string; description?: string; image?: string } | null, created_at: string, updated_at: string, destination_health: { __typename?: 'DestinationHealth', status: HealthStatus, http_status?: number | null, checked_at?: string | null } } | null };

export type DashboardDeleteLinkMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DashboardDeleteLinkMutation = { __typename?: 'Mutation', deleteLink?: boolean | null };

export type DashboardLinkQrQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  format?: InputMaybe<QrFormat>;
  size?: InputMaybe<Scalars['Int']['input']>;
  margin?: InputMaybe<Scalars['Int']['input']>;
  ecc?: InputMaybe<QrEcc>;
  fg?: InputMaybe<Scalars['String']['input']>;
  bg?: InputMaybe<Scalars['String']['input']>;
}>;


export type DashboardLinkQrQuery = { __typename?: 'Query', linkQrCode?: { __typename?: 'QrCode', content_type: string, base64: string } | null };

export type DashboardInvitesQueryVariables = Exact<{ [key: string]: never; }>;


export type DashboardInvitesQuery = { __typename?: 'Query', invites?: { __typename?: 'InviteList', data: Array<{ __typename?: 'Invite', id: string, email: string, role: Role, expires_at: string }> } | null };

export type DashboardCreateInviteMutationVariables = Exact<{
  email: Scalars['String']['input'];
  role: Role;
}>;


export type DashboardCreateInviteMutation = { __typename?: 'Mutation', createInvite?: { __typename?: 'CreatedInvite', id: string, email: string, url: string } | null };

export type DashboardRevokeInviteMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DashboardRevokeInviteMutation = { __typename?: 'Mutation', revokeInvite?: boolean | null };

export type DashboardMembersQueryVariables = Exact<{ [key: string]: never; }>;


export type DashboardMembersQuery = { __typename?: 'Query', members?: { __typename?: 'MemberList', data: Array<{ __typename?: 'Member', user_id: string, email: string, name: string, role: Role, created_at: string }> } | null };

export type DashboardUpdateMemberMutationVariables = Exact<{
  user_id: Scalars['ID']['input'];
  role: Role;
}>;


export type DashboardUpdateMemberMutation = { __typename?: 'Mutation', updateMember?: { __typename?: 'Member', user_id: string, role: Role } | null };

export type DashboardRemoveMemberMutationVariables = Exact<{
  user_id: Scalars['ID']['input'];
}>;


export type DashboardRemoveMemberMutation = { __typename?: 'Mutation', removeMember?: boolean | null };

export type DashboardAnalyticsReportsQueryVariables = Exact<{ [key: string]: never; }>;


export type DashboardAnalyticsReportsQuery = { __typename?: 'Query', analyticsReports?: { __typename?: 'ScheduledReportPage', data: Array<{ __typename?: 'ScheduledReport', id: string, frequency: ReportFrequency, timezone: string, link_id?: string | null, tag?: string | null, domain?: string | null, recipients: Array<string>, next_run_at: string, last_sent_at?: string | null, email_enabled: boolean }> } | null };

export type DashboardReportMembersQueryVariables = Exact<{ [key: string]: never; }>;


export type DashboardReportMembersQuery = { __typename?: 'Query', members?: { __typename?: 'MemberList', data: Array<{ __typename?: 'Member', user_id: string, email: string }> } | null };

export type DashboardCreateAnalyticsReportMutationVariables = Exact<{
  frequency: ReportFrequency;
  timezone?: InputMaybe<Scalars['String']['input']>;
  link_id?: InputMaybe<Scalars['String']['input']>;
  tag?: InputMaybe<Scalars['String']['input']>;
  domain?: InputMaybe<Scalars['String']['input']>;
  recipients: Array<Scalars['String']['input']> | Scalars['String']['input'];
}>;


export type DashboardCreateAnalyticsReportMutation = { __typename?: 'Mutation', createAnalyticsReport?: { __typename?: 'ScheduledReport', id: string } | null };

export type DashboardSendAnalyticsReportMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DashboardSendAnalyticsReportMutation = { __typename?: 'Mutation', sendAnalyticsReport?: { __typename?: 'ScheduledReportSent', id: string, recipients: number, period_from: string, period_to: string } | null };

export type DashboardDeleteAnalyticsReportMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DashboardDeleteAnalyticsReportMutation = { __typename?: 'Mutation', deleteAnalyticsReport?: boolean | null };

export type DashboardUpdateAnalyticsReportFrequencyMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  frequency: ReportFrequency;
}>;


export type DashboardUpdateAnalyticsReportFrequencyMutation = { __typename?: 'Mutation', updateAnalyticsReport?: { __typename?: 'ScheduledReport', id: string } | null };

export type DashboardReportLinkSearchQueryVariables = Exact<{
  q: Scalars['String']['input'];
  alias: Scalars['String']['input'];
  byAlias: Scalars['Boolean']['input'];
}>;


export type DashboardReportLinkSearchQuery = { __typename?: 'Query', links?: { __typename?: 'LinkList', data: Array<{ __typename?: 'Link', id: string, short_url: string, title?: string | null, destination: string }> } | null, byAlias?: { __typename?: 'LinkList', data: Array<{ __typename?: 'Link', id: string, short_url: string, title?: string | null, destination: string }> } | null };

export type DashboardTagsQueryVariables = Exact<{ [key: string]: never; }>;


export type DashboardTagsQuery = { __typename?: 'Query', tags?: { __typename?: 'TagList', data: Array<{ __typename?: 'Tag', name: string, links: number, created_at: string }> } | null };

export type DashboardUpdateTagMutationVariables = Exact<{
  tag: Scalars['String']['input'];
  name: Scalars['String']['input'];
}>;


export type DashboardUpdateTagMutation = { __typename?: 'Mutation', updateTag?: { __typename?: 'Tag', name: string, links: number } | null };

export type DashboardDeleteTagMutationVariables = Exact<{
  name: Scalars['String']['input'];
}>;


export type DashboardDeleteTagMutation = { __typename?: 'Mutation', deleteTag?: boolean | null };

export type DashboardCreateUtmTemplateMutationVariables = Exact<{
  name: Scalars['String']['input'];
  source?: InputMaybe<Scalars['String']['input']>;
  medium?: InputMaybe<Scalars['String']['input']>;
  campaign?: InputMaybe<Scalars['String']['input']>;
  term?: InputMaybe<Scalars['String']['input']>;
  content?: InputMaybe<Scalars['String']['input']>;
}>;


export type DashboardCreateUtmTemplateMutation = { __typename?: 'Mutation', createUtmTemplate?: { __typename?: 'UtmTemplate', id: string } | null };

export type DashboardUpdateUtmTemplateMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  name?: InputMaybe<Scalars['String']['input']>;
  source?: InputMaybe<Scalars['String']['input']>;
  medium?: InputMaybe<Scalars['String']['input']>;
  campaign?: InputMaybe<Scalars['String']['input']>;
  term?: InputMaybe<Scalars['String']['input']>;
  content?: InputMaybe<Scalars['String']['input']>;
}>;


export type DashboardUpdateUtmTemplateMutation = { __typename?: 'Mutation', updateUtmTemplate?: { __typename?: 'UtmTemplate', id: string } | null };

export type DashboardUtmTemplateQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DashboardUtmTemplateQuery = { __typename?: 'Query', utmTemplate?: { __typename?: 'UtmTemplate', id: string, name: string, source?: string | null, medium?: string | null, campaign?: string | null, term?: string | null, content?: string | null } | null };

export type DashboardDeleteUtmTemplateMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DashboardDeleteUtmTemplateMutation = { __typename?: 'Mutation', deleteUtmTemplate?: boolean | null };

export type WebhookFieldsFragment = { __typename?: 'WebhookEndpoint', id: string, url: string, events: Array<string>, description?: string | null, enabled: boolean, created_at: string };

export type DashboardWebhooksQueryVariables = Exact<{ [key: string]: never; }>;


export type DashboardWebhooksQuery = { __typename?: 'Query', webhooks?: { __typename?: 'WebhookEndpointList', data: Array<{ __typename?: 'WebhookEndpoint', id: string, url: string, events: Array<string>, description?: string | null, enabled: boolean, created_at: string }> } | null };

export type DashboardWebhookQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DashboardWebhookQuery = { __typename?: 'Query', webhook?: { __typename?: 'WebhookEndpoint', id: string, url: string, events: Array<string>, description?: string | null, enabled: boolean, created_at: string } | null };

export type DashboardWebhookDeliveriesQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  cursor?: InputMaybe<Scalars['String']['input']>;
}>;


export type DashboardWebhookDeliveriesQuery = { __typename?: 'Query', webhookDeliveries?: { __typename?: 'WebhookDeliveryList', next_cursor?: string | null, data: Array<{ __typename?: 'WebhookDelivery', id: string, event_type: string, status: WebhookDeliveryStatus, attempts: number, last_status_code?: number | null, last_error?: string | null, last_duration_ms?: number | null, next_attempt_at?: string | null, created_at: string, delivered_at?: string | null }> } | null };

export type DashboardCreateWebhookMutationVariables = Exact<{
  url: Scalars['String']['input'];
  events: Array<Scalars['String']['input']> | Scalars['String']['input'];
  description?: InputMaybe<Scalars['String']['input']>;
}>;


export type DashboardCreateWebhookMutation = { __typename?: 'Mutation', createWebhook?: { __typename?: 'WebhookEndpointWithSecret', id: string, secret: string } | null };

export type DashboardUpdateWebhookMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  url?: InputMaybe<Scalars['String']['input']>;
  events?: InputMaybe<Array<Scalars['String']['input']> | Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
}>;


export type DashboardUpdateWebhookMutation = { __typename?: 'Mutation', updateWebhook?: { __typename?: 'WebhookEndpoint', id: string, url: string, events: Array<string>, description?: string | null, enabled: boolean, created_at: string } | null };

export type DashboardDeleteWebhookMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DashboardDeleteWebhookMutation = { __typename?: 'Mutation', deleteWebhook?: boolean | null };

export type DashboardRotateWebhookSecretMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DashboardRotateWebhookSecretMutation = { __typename?: 'Mutation', rotateWebhookSecret?: { __typename?: 'WebhookEndpointWithSecret', id: string, secret: string } | null };

export type DashboardTestWebhookMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DashboardTestWebhookMutation = { __typename?: 'Mutation', testWebhook?: { __typename?: 'WebhookDelivery', id: string } | null };

export type DashboardRetryWebhookDeliveryMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  delivery_id: Scalars['ID']['input'];
}>;


export type DashboardRetryWebhookDeliveryMutation = { __typename?: 'Mutation', retryWebhookDelivery?: { __typename?: 'WebhookDelivery', id: string, status: WebhookDeliveryStatus } | null };

export type DashboardDeleteWorkspaceMutationVariables = Exact<{
  confirm: Scalars['String']['input'];
}>;


export type DashboardDeleteWorkspaceMutation = { __typename?: 'Mutation', deleteWorkspace?: boolean | null };

export type DashboardRequireTwoFactorMutationVariables = Exact<{
  require_2fa: Scalars['Boolean']['input'];
}>;


export type DashboardRequireTwoFactorMutation = { __typename?: 'Mutation', updateWorkspace?: { __typename?: 'Workspace', id: string, require_2fa: boolean } | null };

export type DashboardWorkspaceQueryVariables = Exact<{ [key: string]: never; }>;


export type DashboardWorkspaceQuery = { __typename?: 'Query', workspace?: { __typename?: 'Workspace', id: string, slug: string, plan: Plan, rate_limit_rpm: number, require_2fa: boolean } | null, viewer?: { __typename?: 'Viewer', role?: Role | null, scopes: Array<string> } | null };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const AnalyticsAnswerFragmentDoc = new TypedDocumentString(`
    fragment AnalyticsAnswer on Analytics {
  group_by
  from
  to
  interval
  timezone
  total {
    clicks
    bots
  }
  previous {
    from
    to
    total {
      clicks
      bots
    }
  }
  data {
    key
    clicks
    previous_clicks
    alias
    short_url
    hosts
  }
}
    `, {"fragmentName":"AnalyticsAnswer"}) as unknown as TypedDocumentString<AnalyticsAnswerFragment, unknown>;
export const DomainSettingsFieldsFragmentDoc = new TypedDocumentString(`
    fragment DomainSettingsFields on Domain {
  host
  root_url
  not_found_url
  expired_url
  crawlable
  apple_app_site_association
  assetlinks
}
    `, {"fragmentName":"DomainSettingsFields"}) as unknown as TypedDocumentString<DomainSettingsFieldsFragment, unknown>;
export const BulkItemErrorFieldsFragmentDoc = new TypedDocumentString(`
    fragment BulkItemErrorFields on BulkItemError {
  code
  message
  details {
    path
    message
  }
}
    `, {"fragmentName":"BulkItemErrorFields"}) as unknown as TypedDocumentString<BulkItemErrorFieldsFragment, unknown>;
export const LinkFieldsFragmentDoc = new TypedDocumentString(`
    fragment LinkFields on Link {
  id
  short_url
  domain
  alias
  destination
  geo_targeting
  tags
  clicks
  title
  external_id
  status
  expires_at
  expired_url
  max_clicks
  password_protected
  device_targeting
  rules
  variants
  utm
  preview
  created_at
  updated_at
  destination_health {
    status
    http_status
    checked_at
  }
}
    `, {"fragmentName":"LinkFields"}) as unknown as TypedDocumentString<LinkFieldsFragment, unknown>;
export const WebhookFieldsFragmentDoc = new TypedDocumentString(`
    fragment WebhookFields on WebhookEndpoint {
  id
  url
  events
  description
  enabled
  created_at
}
    `, {"fragmentName":"WebhookFields"}) as unknown as TypedDocumentString<WebhookFieldsFragment, unknown>;
export const DashboardAnalyticsDocument = new TypedDocumentString(`
    query DashboardAnalytics($group_by: AnalyticsGroupBy, $from: String, $to: String, $interval: AnalyticsInterval, $timezone: String, $limit: Int, $filter: ClickFilter, $compare: AnalyticsCompare) {
  analytics(
    group_by: $group_by
    from: $from
    to: $to
    interval: $interval
    timezone: $timezone
    limit: $limit
    filter: $filter
    compare: $compare
  ) {
    ...AnalyticsAnswer
    data {
      link {
        id
        title
      }
    }
  }
}
    fragment AnalyticsAnswer on Analytics {
  group_by
  from
  to
  interval
  timezone
  total {
    clicks
    bots
  }
  previous {
    from
    to
    total {
      clicks
      bots
    }
  }
  data {
    key
    clicks
    previous_clicks
    alias
    short_url
    hosts
  }
}`) as unknown as TypedDocumentString<DashboardAnalyticsQuery, DashboardAnalyticsQueryVariables>;
export const DashboardClickEventsDocument = new TypedDocumentString(`
    query DashboardClickEvents($from: String, $to: String, $timezone: String, $limit: Int, $cursor: String, $filter: ClickFilter) {
  clickEvents(
    from: $from
    to: $to
    timezone: $timezone
    limit: $limit
    cursor: $cursor
    filter: $filter
  ) {
    data {
      timestamp
      link_id
      short_url
      link {
        id
        title
      }
      country
      region
      city
      device
      browser
      os
      referrer
      referrer_url
      utm_source
      utm_medium
      utm_campaign
      trigger
      language
    }
    next_cursor
  }
}
    `) as unknown as TypedDocumentString<DashboardClickEventsQuery, DashboardClickEventsQueryVariables>;
export const DashboardLinkNameDocument = new TypedDocumentString(`
    query DashboardLinkName($id: ID!) {
  link(id: $id) {
    id
    short_url
    title
  }
}
    `) as unknown as TypedDocumentString<DashboardLinkNameQuery, DashboardLinkNameQueryVariables>;
export const DashboardAnalyticsSharesDocument = new TypedDocumentString(`
    query DashboardAnalyticsShares {
  analyticsShares(limit: 100) {
    data {
      id
      link_id
      tag
      domain
      expires_at
      created_at
      created_by {
        label
      }
    }
    next_cursor
  }
}
    `) as unknown as TypedDocumentString<DashboardAnalyticsSharesQuery, DashboardAnalyticsSharesQueryVariables>;
export const DashboardCreateAnalyticsShareDocument = new TypedDocumentString(`
    mutation DashboardCreateAnalyticsShare($link_id: ID, $tag: String, $domain: String, $expires_at: String) {
  createAnalyticsShare(
    link_id: $link_id
    tag: $tag
    domain: $domain
    expires_at: $expires_at
  ) {
    id
    url
  }
}
    `) as unknown as TypedDocumentString<DashboardCreateAnalyticsShareMutation, DashboardCreateAnalyticsShareMutationVariables>;
export const DashboardDeleteAnalyticsShareDocument = new TypedDocumentString(`
    mutation DashboardDeleteAnalyticsShare($id: ID!) {
  deleteAnalyticsShare(id: $id)
}
    `) as unknown as TypedDocumentString<DashboardDeleteAnalyticsShareMutation, DashboardDeleteAnalyticsShareMutationVariables>;
export const DashboardSharedAnalyticsDocument = new TypedDocumentString(`
    query DashboardSharedAnalytics($token: String!, $group_by: AnalyticsGroupBy, $from: String, $to: String, $interval: AnalyticsInterval, $timezone: String, $limit: Int, $filter: ClickFilter, $compare: AnalyticsCompare) {
  sharedAnalytics(
    token: $token
    group_by: $group_by
    from: $from
    to: $to
    interval: $interval
    timezone: $timezone
    limit: $limit
    filter: $filter
    compare: $compare
  ) {
    kind
    label
    expires_at
    analytics {
      ...AnalyticsAnswer
    }
  }
}
    fragment AnalyticsAnswer on Analytics {
  group_by
  from
  to
  interval
  timezone
  total {
    clicks
    bots
  }
  previous {
    from
    to
    total {
      clicks
      bots
    }
  }
  data {
    key
    clicks
    previous_clicks
    alias
    short_url
    hosts
  }
}`) as unknown as TypedDocumentString<DashboardSharedAnalyticsQuery, DashboardSharedAnalyticsQueryVariables>;
export const DashboardAuditLogDocument = new TypedDocumentString(`
    query DashboardAuditLog($action: String, $actor_id: String, $target_id: String, $from: String, $to: String, $limit: Int, $cursor: String) {
  auditLog(
    action: $action
    actor_id: $actor_id
    target_id: $target_id
    from: $from
    to: $to
    limit: $limit
    cursor: $cursor
  ) {
    data {
      id
      at
      action
      actor {
        type
        id
        label
      }
      target {
        type
        id
      }
      request_id
    }
    next_cursor
  }
}
    `) as unknown as TypedDocumentString<DashboardAuditLogQuery, DashboardAuditLogQueryVariables>;
export const DashboardDomainSettingsDocument = new TypedDocumentString(`
    query DashboardDomainSettings {
  domains {
    data {
      ...DomainSettingsFields
    }
  }
}
    fragment DomainSettingsFields on Domain {
  host
  root_url
  not_found_url
  expired_url
  crawlable
  apple_app_site_association
  assetlinks
}`) as unknown as TypedDocumentString<DashboardDomainSettingsQuery, DashboardDomainSettingsQueryVariables>;
export const DashboardUpdateDomainDocument = new TypedDocumentString(`
    mutation DashboardUpdateDomain($domain: String!, $root_url: String, $not_found_url: String, $expired_url: String, $crawlable: Boolean, $apple_app_site_association: AppSiteAssociation, $assetlinks: AssetLinks) {
  updateDomain(
    domain: $domain
    root_url: $root_url
    not_found_url: $not_found_url
    expired_url: $expired_url
    crawlable: $crawlable
    apple_app_site_association: $apple_app_site_association
    assetlinks: $assetlinks
  ) {
    ...DomainSettingsFields
  }
}
    fragment DomainSettingsFields on Domain {
  host
  root_url
  not_found_url
  expired_url
  crawlable
  apple_app_site_association
  assetlinks
}`) as unknown as TypedDocumentString<DashboardUpdateDomainMutation, DashboardUpdateDomainMutationVariables>;
export const DashboardDomainsDocument = new TypedDocumentString(`
    query DashboardDomains {
  domains {
    data {
      host
      created_at
    }
  }
}
    `) as unknown as TypedDocumentString<DashboardDomainsQuery, DashboardDomainsQueryVariables>;
export const DashboardCreateDomainDocument = new TypedDocumentString(`
    mutation DashboardCreateDomain($host: String!) {
  createDomain(host: $host) {
    host
  }
}
    `) as unknown as TypedDocumentString<DashboardCreateDomainMutation, DashboardCreateDomainMutationVariables>;
export const DashboardDeleteDomainDocument = new TypedDocumentString(`
    mutation DashboardDeleteDomain($host: String!) {
  deleteDomain(host: $host)
}
    `) as unknown as TypedDocumentString<DashboardDeleteDomainMutation, DashboardDeleteDomainMutationVariables>;
export const DashboardKeysDocument = new TypedDocumentString(`
    query DashboardKeys {
  keys {
    data {
      id
      name
      created_at
      expires_at
      last_used_at
      revoked_at
      scopes
      domains
      tags
    }
  }
}
    `) as unknown as TypedDocumentString<DashboardKeysQuery, DashboardKeysQueryVariables>;
export const DashboardKeyChoicesDocument = new TypedDocumentString(`
    query DashboardKeyChoices {
  viewer {
    scopes
  }
  domains {
    data {
      host
    }
  }
  tags {
    data {
      name
    }
  }
}
    `) as unknown as TypedDocumentString<DashboardKeyChoicesQuery, DashboardKeyChoicesQueryVariables>;
export const DashboardCreateKeyDocument = new TypedDocumentString(`
    mutation DashboardCreateKey($name: String, $scopes: [String!], $domains: [String!], $tags: [String!]) {
  createKey(name: $name, scopes: $scopes, domains: $domains, tags: $tags) {
    id
    name
    key
    expires_at
  }
}
    `) as unknown as TypedDocumentString<DashboardCreateKeyMutation, DashboardCreateKeyMutationVariables>;
export const DashboardRevokeKeyDocument = new TypedDocumentString(`
    mutation DashboardRevokeKey($id: ID!) {
  revokeKey(id: $id) {
    id
    revoked_at
  }
}
    `) as unknown as TypedDocumentString<DashboardRevokeKeyMutation, DashboardRevokeKeyMutationVariables>;
export const DashboardCreateLinksDocument = new TypedDocumentString(`
    mutation DashboardCreateLinks($links: [LinkFields!]!) {
  createLinks(links: $links) {
    data {
      link {
        id
      }
      error {
        ...BulkItemErrorFields
      }
    }
  }
}
    fragment BulkItemErrorFields on BulkItemError {
  code
  message
  details {
    path
    message
  }
}`) as unknown as TypedDocumentString<DashboardCreateLinksMutation, DashboardCreateLinksMutationVariables>;
export const DashboardUpdateLinksDocument = new TypedDocumentString(`
    mutation DashboardUpdateLinks($ids: [ID!]!, $add_tags: [String!], $remove_tags: [String!]) {
  updateLinks(ids: $ids, add_tags: $add_tags, remove_tags: $remove_tags) {
    data {
      link {
        id
        tags
      }
      error {
        ...BulkItemErrorFields
      }
    }
  }
}
    fragment BulkItemErrorFields on BulkItemError {
  code
  message
  details {
    path
    message
  }
}`) as unknown as TypedDocumentString<DashboardUpdateLinksMutation, DashboardUpdateLinksMutationVariables>;
export const DashboardDeleteLinksDocument = new TypedDocumentString(`
    mutation DashboardDeleteLinks($ids: [ID!]!) {
  deleteLinks(ids: $ids) {
    deleted
    not_found
  }
}
    `) as unknown as TypedDocumentString<DashboardDeleteLinksMutation, DashboardDeleteLinksMutationVariables>;
export const DashboardLinksDocument = new TypedDocumentString(`
    query DashboardLinks($limit: Int, $cursor: String, $tag: String, $domain: String, $q: String, $status: LinkStatus, $health: LinkHealthFilter, $sort: LinkSort) {
  links(
    limit: $limit
    cursor: $cursor
    tag: $tag
    domain: $domain
    q: $q
    status: $status
    health: $health
    sort: $sort
  ) {
    data {
      ...LinkFields
    }
    next_cursor
  }
}
    fragment LinkFields on Link {
  id
  short_url
  domain
  alias
  destination
  geo_targeting
  tags
  clicks
  title
  external_id
  status
  expires_at
  expired_url
  max_clicks
  password_protected
  device_targeting
  rules
  variants
  utm
  preview
  created_at
  updated_at
  destination_health {
    status
    http_status
    checked_at
  }
}`) as unknown as TypedDocumentString<DashboardLinksQuery, DashboardLinksQueryVariables>;
export const DashboardLinkCountDocument = new TypedDocumentString(`
    query DashboardLinkCount($tag: String, $domain: String, $q: String, $status: LinkStatus, $health: LinkHealthFilter) {
  linkCount(tag: $tag, domain: $domain, q: $q, status: $status, health: $health) {
    total
  }
}
    `) as unknown as TypedDocumentString<DashboardLinkCountQuery, DashboardLinkCountQueryVariables>;
export const DashboardUtmTemplatesDocument = new TypedDocumentString(`
    query DashboardUtmTemplates {
  utmTemplates {
    data {
      id
      name
      source
      medium
      campaign
      term
      content
    }
  }
}
    `) as unknown as TypedDocumentString<DashboardUtmTemplatesQuery, DashboardUtmTemplatesQueryVariables>;
export const DashboardLinkFiltersDocument = new TypedDocumentString(`
    query DashboardLinkFilters {
  tags {
    data {
      name
    }
  }
  domains {
    data {
      host
    }
    default_host
  }
}
    `) as unknown as TypedDocumentString<DashboardLinkFiltersQuery, DashboardLinkFiltersQueryVariables>;
export const DashboardLinkDocument = new TypedDocumentString(`
    query DashboardLink($id: ID!) {
  link(id: $id) {
    ...LinkFields
  }
}
    fragment LinkFields on Link {
  id
  short_url
  domain
  alias
  destination
  geo_targeting
  tags
  clicks
  title
  external_id
  status
  expires_at
  expired_url
  max_clicks
  password_protected
  device_targeting
  rules
  variants
  utm
  preview
  created_at
  updated_at
  destination_health {
    status
    http_status
    checked_at
  }
}`) as unknown as TypedDocumentString<DashboardLinkQuery, DashboardLinkQueryVariables>;
export const DashboardCreateLinkDocument = new TypedDocumentString(`
    mutation DashboardCreateLink($destination: String!, $domain: String, $alias: String, $geo_targeting: GeoTargeting, $tags: [String!], $title: String, $external_id: String, $expires_at: String, $expired_url: String, $max_clicks: Int, $password: String, $device_targeting: DeviceTargeting, $rules: LinkRules, $variants: LinkVariants, $utm: Utm, $preview: LinkPreview) {
  createLink(
    destination: $destination
    domain: $domain
    alias: $alias
    geo_targeting: $geo_targeting
    tags: $tags
    title: $title
    external_id: $external_id
    expires_at: $expires_at
    expired_url: $expired_url
    max_clicks: $max_clicks
    password: $password
    device_targeting: $device_targeting
    rules: $rules
    variants: $variants
    utm: $utm
    preview: $preview
  ) {
    ...LinkFields
  }
}
    fragment LinkFields on Link {
  id
  short_url
  domain
  alias
  destination
  geo_targeting
  tags
  clicks
  title
  external_id
  status
  expires_at
  expired_url
  max_clicks
  password_protected
  device_targeting
  rules
  variants
  utm
  preview
  created_at
  updated_at
  destination_health {
    status
    http_status
    checked_at
  }
}`) as unknown as TypedDocumentString<DashboardCreateLinkMutation, DashboardCreateLinkMutationVariables>;
export const DashboardUpdateLinkDocument = new TypedDocumentString(`
    mutation DashboardUpdateLink($id: ID!, $destination: String, $domain: String, $alias: String, $geo_targeting: GeoTargeting, $tags: [String!], $title: String, $external_id: String, $expires_at: String, $expired_url: String, $max_clicks: Int, $password: String, $device_targeting: DeviceTargeting, $rules: LinkRules, $variants: LinkVariants, $utm: Utm, $preview: LinkPreview) {
  updateLink(
    id: $id
    destination: $destination
    domain: $domain
    alias: $alias
    geo_targeting: $geo_targeting
    tags: $tags
    title: $title
    external_id: $external_id
    expires_at: $expires_at
    expired_url: $expired_url
    max_clicks: $max_clicks
    password: $password
    device_targeting: $device_targeting
    rules: $rules
    variants: $variants
    utm: $utm
    preview: $preview
  ) {
    ...LinkFields
  }
}
    fragment LinkFields on Link {
  id
  short_url
  domain
  alias
  destination
  geo_targeting
  tags
  clicks
  title
  external_id
  status
  expires_at
  expired_url
  max_clicks
  password_protected
  device_targeting
  rules
  variants
  utm
  preview
  created_at
  updated_at
  destination_health {
    status
    http_status
    checked_at
  }
}`) as unknown as TypedDocumentString<DashboardUpdateLinkMutation, DashboardUpdateLinkMutationVariables>;
export const DashboardDeleteLinkDocument = new TypedDocumentString(`
    mutation DashboardDeleteLink($id: ID!) {
  deleteLink(id: $id)
}
    `) as unknown as TypedDocumentString<DashboardDeleteLinkMutation, DashboardDeleteLinkMutationVariables>;
export const DashboardLinkQrDocument = new TypedDocumentString(`
    query DashboardLinkQr($id: ID!, $format: QrFormat, $size: Int, $margin: Int, $ecc: QrEcc, $fg: String, $bg: String) {
  linkQrCode(
    id: $id
    format: $format
    size: $size
    margin: $margin
    ecc: $ecc
    fg: $fg
    bg: $bg
  ) {
    content_type
    base64
  }
}
    `) as unknown as TypedDocumentString<DashboardLinkQrQuery, DashboardLinkQrQueryVariables>;
export const DashboardInvitesDocument = new TypedDocumentString(`
    query DashboardInvites {
  invites {
    data {
      id
      email
      role
      expires_at
    }
  }
}
    `) as unknown as TypedDocumentString<DashboardInvitesQuery, DashboardInvitesQueryVariables>;
export const DashboardCreateInviteDocument = new TypedDocumentString(`
    mutation DashboardCreateInvite($email: String!, $role: Role!) {
  createInvite(email: $email, role: $role) {
    id
    email
    url
  }
}
    `) as unknown as TypedDocumentString<DashboardCreateInviteMutation, DashboardCreateInviteMutationVariables>;
export const DashboardRevokeInviteDocument = new TypedDocumentString(`
    mutation DashboardRevokeInvite($id: ID!) {
  revokeInvite(id: $id)
}
    `) as unknown as TypedDocumentString<DashboardRevokeInviteMutation, DashboardRevokeInviteMutationVariables>;
export const DashboardMembersDocument = new TypedDocumentString(`
    query DashboardMembers {
  members {
    data {
      user_id
      email
      name
      role
      created_at
    }
  }
}
    `) as unknown as TypedDocumentString<DashboardMembersQuery, DashboardMembersQueryVariables>;
export const DashboardUpdateMemberDocument = new TypedDocumentString(`
    mutation DashboardUpdateMember($user_id: ID!, $role: Role!) {
  updateMember(user_id: $user_id, role: $role) {
    user_id
    role
  }
}
    `) as unknown as TypedDocumentString<DashboardUpdateMemberMutation, DashboardUpdateMemberMutationVariables>;
export const DashboardRemoveMemberDocument = new TypedDocumentString(`
    mutation DashboardRemoveMember($user_id: ID!) {
  removeMember(user_id: $user_id)
}
    `) as unknown as TypedDocumentString<DashboardRemoveMemberMutation, DashboardRemoveMemberMutationVariables>;
export const DashboardAnalyticsReportsDocument = new TypedDocumentString(`
    query DashboardAnalyticsReports {
  analyticsReports {
    data {
      id
      frequency
      timezone
      link_id
      tag
      domain
      recipients
      next_run_at
      last_sent_at
      email_enabled
    }
  }
}
    `) as unknown as TypedDocumentString<DashboardAnalyticsReportsQuery, DashboardAnalyticsReportsQueryVariables>;
export const DashboardReportMembersDocument = new TypedDocumentString(`
    query DashboardReportMembers {
  members {
    data {
      user_id
      email
    }
  }
}
    `) as unknown as TypedDocumentString<DashboardReportMembersQuery, DashboardReportMembersQueryVariables>;
export const DashboardCreateAnalyticsReportDocument = new TypedDocumentString(`
    mutation DashboardCreateAnalyticsReport($frequency: ReportFrequency!, $timezone: String, $link_id: String, $tag: String, $domain: String, $recipients: [String!]!) {
  createAnalyticsReport(
    frequency: $frequency
    timezone: $timezone
    link_id: $link_id
    tag: $tag
    domain: $domain
    recipients: $recipients
  ) {
    id
  }
}
    `) as unknown as TypedDocumentString<DashboardCreateAnalyticsReportMutation, DashboardCreateAnalyticsReportMutationVariables>;
export const DashboardSendAnalyticsReportDocument = new TypedDocumentString(`
    mutation DashboardSendAnalyticsReport($id: ID!) {
  sendAnalyticsReport(id: $id) {
    id
    recipients
    period_from
    period_to
  }
}
    `) as unknown as TypedDocumentString<DashboardSendAnalyticsReportMutation, DashboardSendAnalyticsReportMutationVariables>;
export const DashboardDeleteAnalyticsReportDocument = new TypedDocumentString(`
    mutation DashboardDeleteAnalyticsReport($id: ID!) {
  deleteAnalyticsReport(id: $id)
}
    `) as unknown as TypedDocumentString<DashboardDeleteAnalyticsReportMutation, DashboardDeleteAnalyticsReportMutationVariables>;
export const DashboardUpdateAnalyticsReportFrequencyDocument = new TypedDocumentString(`
    mutation DashboardUpdateAnalyticsReportFrequency($id: ID!, $frequency: ReportFrequency!) {
  updateAnalyticsReport(id: $id, frequency: $frequency) {
    id
  }
}
    `) as unknown as TypedDocumentString<DashboardUpdateAnalyticsReportFrequencyMutation, DashboardUpdateAnalyticsReportFrequencyMutationVariables>;
export const DashboardReportLinkSearchDocument = new TypedDocumentString(`
    query DashboardReportLinkSearch($q: String!, $alias: String!, $byAlias: Boolean!) {
  links(q: $q, limit: 8) {
    data {
      id
      short_url
      title
      destination
    }
  }
  byAlias: links(q: $alias, limit: 8) @include(if: $byAlias) {
    data {
      id
      short_url
      title
      destination
    }
  }
}
    `) as unknown as TypedDocumentString<DashboardReportLinkSearchQuery, DashboardReportLinkSearchQueryVariables>;
export const DashboardTagsDocument = new TypedDocumentString(`
    query DashboardTags {
  tags {
    data {
      name
      links
      created_at
    }
  }
}
    `) as unknown as TypedDocumentString<DashboardTagsQuery, DashboardTagsQueryVariables>;
export const DashboardUpdateTagDocument = new TypedDocumentString(`
    mutation DashboardUpdateTag($tag: String!, $name: String!) {
  updateTag(tag: $tag, name: $name) {
    name
    links
  }
}
    `) as unknown as TypedDocumentString<DashboardUpdateTagMutation, DashboardUpdateTagMutationVariables>;
export const DashboardDeleteTagDocument = new TypedDocumentString(`
    mutation DashboardDeleteTag($name: String!) {
  deleteTag(name: $name)
}
    `) as unknown as TypedDocumentString<DashboardDeleteTagMutation, DashboardDeleteTagMutationVariables>;
export const DashboardCreateUtmTemplateDocument = new TypedDocumentString(`
    mutation DashboardCreateUtmTemplate($name: String!, $source: String, $medium: String, $campaign: String, $term: String, $content: String) {
  createUtmTemplate(
    name: $name
    source: $source
    medium: $medium
    campaign: $campaign
    term: $term
    content: $content
  ) {
    id
  }
}
    `) as unknown as TypedDocumentString<DashboardCreateUtmTemplateMutation, DashboardCreateUtmTemplateMutationVariables>;
export const DashboardUpdateUtmTemplateDocument = new TypedDocumentString(`
    mutation DashboardUpdateUtmTemplate($id: ID!, $name: String, $source: String, $medium: String, $campaign: String, $term: String, $content: String) {
  updateUtmTemplate(
    id: $id
    name: $name
    source: $source
    medium: $medium
    campaign: $campaign
    term: $term
    content: $content
  ) {
    id
  }
}
    `) as unknown as TypedDocumentString<DashboardUpdateUtmTemplateMutation, DashboardUpdateUtmTemplateMutationVariables>;
export const DashboardUtmTemplateDocument = new TypedDocumentString(`
    query DashboardUtmTemplate($id: ID!) {
  utmTemplate(id: $id) {
    id
    name
    source
    medium
    campaign
    term
    content
  }
}
    `) as unknown as TypedDocumentString<DashboardUtmTemplateQuery, DashboardUtmTemplateQueryVariables>;
export const DashboardDeleteUtmTemplateDocument = new TypedDocumentString(`
    mutation DashboardDeleteUtmTemplate($id: ID!) {
  deleteUtmTemplate(id: $id)
}
    `) as unknown as TypedDocumentString<DashboardDeleteUtmTemplateMutation, DashboardDeleteUtmTemplateMutationVariables>;
export const DashboardWebhooksDocument = new TypedDocumentString(`
    query DashboardWebhooks {
  webhooks {
    data {
      ...WebhookFields
    }
  }
}
    fragment WebhookFields on WebhookEndpoint {
  id
  url
  events
  description
  enabled
  created_at
}`) as unknown as TypedDocumentString<DashboardWebhooksQuery, DashboardWebhooksQueryVariables>;
export const DashboardWebhookDocument = new TypedDocumentString(`
    query DashboardWebhook($id: ID!) {
  webhook(id: $id) {
    ...WebhookFields
  }
}
    fragment WebhookFields on WebhookEndpoint {
  id
  url
  events
  description
  enabled
  created_at
}`) as unknown as TypedDocumentString<DashboardWebhookQuery, DashboardWebhookQueryVariables>;
export const DashboardWebhookDeliveriesDocument = new TypedDocumentString(`
    query DashboardWebhookDeliveries($id: ID!, $limit: Int, $cursor: String) {
  webhookDeliveries(id: $id, limit: $limit, cursor: $cursor) {
    data {
      id
      event_type
      status
      attempts
      last_status_code
      last_error
      last_duration_ms
      next_attempt_at
      created_at
      delivered_at
    }
    next_cursor
  }
}
    `) as unknown as TypedDocumentString<DashboardWebhookDeliveriesQuery, DashboardWebhookDeliveriesQueryVariables>;
export const DashboardCreateWebhookDocument = new TypedDocumentString(`
    mutation DashboardCreateWebhook($url: String!, $events: [String!]!, $description: String) {
  createWebhook(url: $url, events: $events, description: $description) {
    id
    secret
  }
}
    `) as unknown as TypedDocumentString<DashboardCreateWebhookMutation, DashboardCreateWebhookMutationVariables>;
export const DashboardUpdateWebhookDocument = new TypedDocumentString(`
    mutation DashboardUpdateWebhook($id: ID!, $url: String, $events: [String!], $description: String, $enabled: Boolean) {
  updateWebhook(
    id: $id
    url: $url
    events: $events
    description: $description
    enabled: $enabled
  ) {
    ...WebhookFields
  }
}
    fragment WebhookFields on WebhookEndpoint {
  id
  url
  events
  description
  enabled
  created_at
}`) as unknown as TypedDocumentString<DashboardUpdateWebhookMutation, DashboardUpdateWebhookMutationVariables>;
export const DashboardDeleteWebhookDocument = new TypedDocumentString(`
    mutation DashboardDeleteWebhook($id: ID!) {
  deleteWebhook(id: $id)
}
    `) as unknown as TypedDocumentString<DashboardDeleteWebhookMutation, DashboardDeleteWebhookMutationVariables>;
export const DashboardRotateWebhookSecretDocument = new TypedDocumentString(`
    mutation DashboardRotateWebhookSecret($id: ID!) {
  rotateWebhookSecret(id: $id) {
    id
    secret
  }
}
    `) as unknown as TypedDocumentString<DashboardRotateWebhookSecretMutation, DashboardRotateWebhookSecretMutationVariables>;
export const DashboardTestWebhookDocument = new TypedDocumentString(`
    mutation DashboardTestWebhook($id: ID!) {
  testWebhook(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<DashboardTestWebhookMutation, DashboardTestWebhookMutationVariables>;
export const DashboardRetryWebhookDeliveryDocument = new TypedDocumentString(`
    mutation DashboardRetryWebhookDelivery($id: ID!, $delivery_id: ID!) {
  retryWebhookDelivery(id: $id, delivery_id: $delivery_id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<DashboardRetryWebhookDeliveryMutation, DashboardRetryWebhookDeliveryMutationVariables>;
export const DashboardDeleteWorkspaceDocument = new TypedDocumentString(`
    mutation DashboardDeleteWorkspace($confirm: String!) {
  deleteWorkspace(confirm: $confirm)
}
    `) as unknown as TypedDocumentString<DashboardDeleteWorkspaceMutation, DashboardDeleteWorkspaceMutationVariables>;
export const DashboardRequireTwoFactorDocument = new TypedDocumentString(`
    mutation DashboardRequireTwoFactor($require_2fa: Boolean!) {
  updateWorkspace(require_2fa: $require_2fa) {
    id
    require_2fa
  }
}
    `) as unknown as TypedDocumentString<DashboardRequireTwoFactorMutation, DashboardRequireTwoFactorMutationVariables>;
export const DashboardWorkspaceDocument = new TypedDocumentString(`
    query DashboardWorkspace {
  workspace {
    id
    slug
    plan
    rate_limit_rpm
    require_2fa
  }
  viewer {
    role
    scopes
  }
}
    `) as unknown as TypedDocumentString<DashboardWorkspaceQuery, DashboardWorkspaceQueryVariables>;