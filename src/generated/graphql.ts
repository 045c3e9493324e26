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
  /** Country-to-URL map: keys are ISO 3166-1 alpha-2 codes in upper case, values absolute http(s) URLs, e.g. {"DE": "https://example.de/"}. Accepted as a variable or an inline object literal. */
  GeoTargeting: { input: Record<string, string>; output: Record<string, string>; }
};

/** An API key (its secret is shown only once, when created). */
export type ApiKey = Node & {
  created_at: Scalars['String']['output'];
  expires_at: Scalars['String']['output'];
  id: Scalars['String']['output'];
  last_used_at: Maybe<Scalars['String']['output']>;
  name: Scalars['String']['output'];
  revoked_at: Maybe<Scalars['String']['output']>;
};

export type ApiKeyList = {
  data: Array<ApiKey>;
};

export type CountryClicks = {
  clicks: Scalars['Int']['output'];
  /** ISO 3166-1 alpha-2 code. */
  country: Scalars['String']['output'];
};

/** A new API key with its secret, shown this once. */
export type CreatedApiKey = {
  created_at: Scalars['String']['output'];
  expires_at: Scalars['String']['output'];
  id: Scalars['String']['output'];
  /** The secret: lsk_live_... */
  key: Scalars['String']['output'];
  last_used_at: Maybe<Scalars['String']['output']>;
  name: Scalars['String']['output'];
  revoked_at: Maybe<Scalars['String']['output']>;
};

/** A new invite with its link, shown this once. */
export type CreatedInvite = {
  created_at: Scalars['String']['output'];
  email: Scalars['String']['output'];
  expires_at: Scalars['String']['output'];
  id: Scalars['String']['output'];
  role: Role;
  /** The link to accept it (the dashboard page). */
  url: Scalars['String']['output'];
};

export type DayClicks = {
  clicks: Scalars['Int']['output'];
  /** ISO date (UTC). */
  date: Scalars['String']['output'];
};

export type DeviceClicks = {
  clicks: Scalars['Int']['output'];
  /** desktop, mobile, tablet or other. */
  device: Scalars['String']['output'];
};

export type Domain = {
  created_at: Scalars['String']['output'];
  host: Scalars['String']['output'];
};

export type DomainList = {
  data: Array<Domain>;
};

/** An invitation to join the workspace (its link is shown once, when created). */
export type Invite = Node & {
  created_at: Scalars['String']['output'];
  email: Scalars['String']['output'];
  /** Seven days after it was made. */
  expires_at: Scalars['String']['output'];
  id: Scalars['String']['output'];
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
  created_at: Scalars['String']['output'];
  /** Default target URL. */
  destination: Scalars['String']['output'];
  /** Host name the link is served on. */
  domain: Scalars['String']['output'];
  /** Country-specific targets (always an object). */
  geo_targeting: Scalars['GeoTargeting']['output'];
  /** Opaque id, e.g. lnk_3kTMd9sQ0pX1bY7zA2cW. */
  id: Scalars['String']['output'];
  /** https://{domain}/{alias} (http:// for localhost). */
  short_url: Scalars['String']['output'];
  /** Tag names (always an array). */
  tags: Array<Scalars['String']['output']>;
  /** ISO 8601 UTC time. */
  updated_at: Scalars['String']['output'];
};

/** One page of links, newest first. */
export type LinkList = {
  data: Array<Link>;
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: Maybe<Scalars['String']['output']>;
};

/** Clicks of one link over [from, to] (whole UTC days). Bots are counted apart. */
export type LinkStats = {
  bots: Scalars['Int']['output'];
  by_country: Array<CountryClicks>;
  by_day: Array<DayClicks>;
  by_device: Array<DeviceClicks>;
  by_referrer: Array<ReferrerClicks>;
  clicks: Scalars['Int']['output'];
  /** ISO date. */
  from: Scalars['String']['output'];
  link_id: Scalars['String']['output'];
  /** ISO date (inclusive). */
  to: Scalars['String']['output'];
};

/** A user's role in the workspace. */
export type Member = {
  /** When the user joined the workspace. */
  created_at: Scalars['String']['output'];
  email: Scalars['String']['output'];
  name: Scalars['String']['output'];
  role: Role;
  /** The user (usr_…). */
  user_id: Scalars['String']['output'];
};

export type MemberList = {
  data: Array<Member>;
};

/** Writes. Every field needs an API key and names its scope. */
export type Mutation = {
  /** Add a custom domain to your workspace. */
  createDomain: Maybe<Domain>;
  /** Invite someone by email; the link (valid 7 days) is returned this once. */
  createInvite: Maybe<CreatedInvite>;
  /** Create an API key; the secret is returned this once. */
  createKey: Maybe<CreatedApiKey>;
  /** Create a link. */
  createLink: Maybe<Link>;
  /** Remove a custom domain (it must serve no links). */
  deleteDomain: Maybe<Scalars['Boolean']['output']>;
  /** Delete a link; its alias answers 404 from then on. */
  deleteLink: Maybe<Scalars['Boolean']['output']>;
  /** Delete a tag and remove it from every link. */
  deleteTag: Maybe<Scalars['Boolean']['output']>;
  /** Remove a member from your workspace (never the last owner). */
  removeMember: Maybe<Scalars['Boolean']['output']>;
  /** Withdraw an invite; its link stops working. */
  revokeInvite: Maybe<Scalars['Boolean']['output']>;
  /** Revoke an API key; it stops working at once. */
  revokeKey: Maybe<ApiKey>;
  /** Change any subset of a link's fields; null clears geo_targeting and tags. */
  updateLink: Maybe<Link>;
  /** Change a member's role (admins: below owner only; the last owner keeps the role). */
  updateMember: Maybe<Member>;
  /** Rename a tag; renaming to an existing tag's name merges the two. */
  updateTag: Maybe<Tag>;
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationCreateDomainArgs = {
  host: Scalars['String']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationCreateInviteArgs = {
  email: Scalars['String']['input'];
  role: Scalars['String']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationCreateKeyArgs = {
  name?: InputMaybe<Scalars['String']['input']>;
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationCreateLinkArgs = {
  alias?: InputMaybe<Scalars['String']['input']>;
  destination: Scalars['String']['input'];
  domain?: InputMaybe<Scalars['String']['input']>;
  geo_targeting?: InputMaybe<Scalars['GeoTargeting']['input']>;
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationDeleteDomainArgs = {
  host: Scalars['String']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationDeleteLinkArgs = {
  id: Scalars['String']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationDeleteTagArgs = {
  name: Scalars['String']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationRemoveMemberArgs = {
  user_id: Scalars['String']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationRevokeInviteArgs = {
  id: Scalars['String']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationRevokeKeyArgs = {
  id: Scalars['String']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationUpdateLinkArgs = {
  alias?: InputMaybe<Scalars['String']['input']>;
  destination?: InputMaybe<Scalars['String']['input']>;
  domain?: InputMaybe<Scalars['String']['input']>;
  geo_targeting?: InputMaybe<Scalars['GeoTargeting']['input']>;
  id: Scalars['String']['input'];
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationUpdateMemberArgs = {
  role: Scalars['String']['input'];
  user_id: Scalars['String']['input'];
};


/** Writes. Every field needs an API key and names its scope. */
export type MutationUpdateTagArgs = {
  name: Scalars['String']['input'];
  tag: Scalars['String']['input'];
};

/** An object with a global id; its prefix names its type. */
export type Node = {
  id: Scalars['String']['output'];
};

/** standard (100 rpm), advanced (500 rpm) or custom. */
export type Plan =
  | 'advanced'
  | 'custom'
  | 'standard';

/** Reads. Every field needs an API key and names its scope; introspection needs neither. */
export type Query = {
  /** Custom domains of your workspace. */
  domains: Maybe<DomainList>;
  /** Pending invites of your workspace, newest first (never their links). */
  invites: Maybe<InviteList>;
  /** API keys of your workspace (never their secrets). */
  keys: Maybe<ApiKeyList>;
  /** One link of your workspace. */
  link: Maybe<Link>;
  /** Click statistics of a link; from/to are ISO dates, default the last 30 days. */
  linkStats: Maybe<LinkStats>;
  /** Links of your workspace, newest first, with cursor pagination and filters. */
  links: Maybe<LinkList>;
  /** Members of your workspace with their roles, oldest first. */
  members: Maybe<MemberList>;
  /** Any object of your workspace by its global id (lnk_, key_, whk_, usr_, inv_); null when there is none. Reading it needs that type's read scope. */
  node: Maybe<Node>;
  /** Tags of your workspace with their link counts. */
  tags: Maybe<TagList>;
  /** Who is calling, in which workspace, with which role and scopes. */
  viewer: Maybe<Viewer>;
  /** The caller's workspace and plan. */
  workspace: Maybe<Workspace>;
};


/** Reads. Every field needs an API key and names its scope; introspection needs neither. */
export type QueryLinkArgs = {
  id: Scalars['String']['input'];
};


/** Reads. Every field needs an API key and names its scope; introspection needs neither. */
export type QueryLinkStatsArgs = {
  from?: InputMaybe<Scalars['String']['input']>;
  id: Scalars['String']['input'];
  to?: InputMaybe<Scalars['String']['input']>;
};


/** Reads. Every field needs an API key and names its scope; introspection needs neither. */
export type QueryLinksArgs = {
  cursor?: InputMaybe<Scalars['String']['input']>;
  domain?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  q?: InputMaybe<Scalars['String']['input']>;
  tag?: InputMaybe<Scalars['String']['input']>;
};


/** Reads. Every field needs an API key and names its scope; introspection needs neither. */
export type QueryNodeArgs = {
  id: Scalars['String']['input'];
};

export type ReferrerClicks = {
  clicks: Scalars['Int']['output'];
  /** Referrer host name. */
  host: Scalars['String']['output'];
};

/** owner (everything), admin (also domains, keys, webhooks, invites and members below owner), member (also writes links and tags), viewer (reads). */
export type Role =
  | 'admin'
  | 'member'
  | 'owner'
  | 'viewer';

export type Tag = {
  created_at: Scalars['String']['output'];
  /** How many links carry the tag. */
  links: Scalars['Int']['output'];
  name: Scalars['String']['output'];
};

export type TagList = {
  data: Array<Tag>;
};

/** A person who signs in to the dashboard. */
export type User = Node & {
  created_at: Scalars['String']['output'];
  email: Scalars['String']['output'];
  id: Scalars['String']['output'];
  name: Scalars['String']['output'];
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

/** The tenant that owns links, tags, domains and keys. */
export type Workspace = {
  id: Scalars['String']['output'];
  plan: Plan;
  /** Requests per minute allowed to the whole workspace. */
  rate_limit_rpm: Scalars['Int']['output'];
  slug: Scalars['String']['output'];
};
