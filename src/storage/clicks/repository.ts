/*
 * Clicks are stored as counts per combination (docs/adr/0092): a click's recorded values together
 * (country, referrer, device, ... domain; see CLICK_FIELDS) form a combination, interned once per
 * workspace; counts are kept per link, UTC hour and combination while an hour is open, then folded
 * into coarse "sheets" (per link and per domain, per UTC day and month). Reads are bounded by the
 * sheets a window needs, not by clicks or link-hours. Click events (time, link, combination) are
 * kept apart for LSK_CLICK_EVENTS_DAYS.
 */
import type { ClickField, FieldFilter } from '../../domain/click-fields.js';

export const HOUR_MS = 3_600_000;

/** The counts of one link in one UTC hour, as the recorder accumulates them between flushes. */
export interface HourCounts {
  readonly linkId: string;
  readonly workspaceId: string;
  /** Start of the UTC hour, in ms since the epoch. */
  readonly hour: number;
  /** Human clicks (bot visits and HEAD requests are not clicks). */
  clicks: number;
  bots: number;
  /** Visits by combination key (see combos.ts): people's and bots' (the key tells which). */
  readonly combos: Map<string, number>;
  /**
   * When the link-hour holds exactly one combination (nearly every one a flush writes), its key, read
   * without making `combos`, and its visits (`onlyCount`, set whenever `onlyKey` is); null or absent
   * otherwise (then `combos` tells).
   */
  readonly onlyKey?: string | null;
  readonly onlyCount?: number;
}

/** One person's click, as the event log keeps it. */
export interface ClickEvent {
  readonly at: number;
  readonly linkId: string;
  readonly workspaceId: string;
  /** The combination key. */
  readonly combo: string;
}

/**
 * Visits as the recorder hands them over, column by column (slot i of each array is visit i, in the
 * order they came): the store counts their link-hours itself (docs/adr/0196), so the event loop that
 * answers redirects keeps one record per visit and no counter.
 */
export interface VisitRecords {
  /** Milliseconds since the epoch (the recorder's are a Float64Array, outside V8's heap: docs/adr/0218). */
  readonly at: ArrayLike<number>;
  readonly linkIds: readonly string[];
  readonly workspaceIds: readonly string[];
  /** The combination key (see combos.ts); a bot's starts with `b`. */
  readonly keys: readonly string[];
  /** 1 when the visit is also a click event (a person's, events kept, not over the recorder's bound), else 0. */
  readonly events: ArrayLike<number>;
}

/** What one flush writes: link-hours and events counted already, and visits whose link-hours and events the store derives. */
export interface ClickBatch {
  readonly hours: readonly HourCounts[];
  readonly events: readonly ClickEvent[];
  readonly visits?: VisitRecords;
  /**
   * The adapter's bookkeeping, set on the first attempt: recording the same batch object again
   * (after a failure whose outcome is unknown) never counts it twice.
   */
  stamp?: { writer: string; seq: number };
}

export interface ClickTotals {
  clicks: number;
  bots: number;
}

export interface KeyCount {
  key: string;
  clicks: number;
}

/** Filters on the values a click recorded (link_id and tag are resolved to `linkIds` first). */
export type ComboFilter = Partial<Record<ClickField, FieldFilter>>;

/** What a read groups people's clicks by: a click field's values, or the links (key = link id). */
export type ClickGrouping = ClickField | 'link';

/** One read: a workspace's clicks (optionally only some links'), over the hours whose start lies in [from, to). */
export interface ClickQuery {
  workspaceId: string;
  /** Only these links (known to be the workspace's). Absent: every link. */
  linkIds?: readonly string[];
  /** Not these links (a NOT IN on links or tags): the read is bounded by them, not by the links kept. */
  excludeLinkIds?: readonly string[];
  /**
   * `linkIds` are exactly the links carrying this tag (its key): a store with tag sheets reads them
   * instead of the links' own when its record of the tag's links is the same (docs/adr/0098).
   */
  tag?: string;
  from: number;
  to: number;
  /** Null or empty: every click. */
  filter?: ComboFilter | null;
  /** Time series: the bucket starts (ms, ascending); each hour counts in the last bucket starting at or before it. */
  buckets?: readonly number[];
  /** Breakdowns wanted (each over the whole window). */
  groups?: readonly ClickGrouping[];
  /**
   * The breakdowns by field count bots' visits too (their values named beside people's): what a read
   * needs that asks which values a window holds at all (the referrer hosts of a source filter, docs/adr/0216).
   */
  groupBots?: boolean;
}

export interface ClickAnswer {
  total: ClickTotals;
  /** With `buckets`: people's clicks per bucket. */
  buckets?: number[];
  /** Per grouping asked: every key with clicks, most first (ties by key). */
  groups: Partial<Record<ClickGrouping, KeyCount[]>>;
}

/** A stored click event with its recorded values. */
export interface StoredEvent {
  at: number;
  linkId: string;
  values: Record<ClickField, string | null>;
}

export interface EventQuery {
  workspaceId: string;
  linkIds?: readonly string[];
  /** Not these links. */
  excludeLinkIds?: readonly string[];
  from: number;
  to: number;
  filter?: ComboFilter | null;
  limit: number;
  /** Opaque position from a previous page (the store's own; `invalid` when it cannot read it). */
  after?: string | null;
}

export interface EventPage {
  events: StoredEvent[];
  /** Where the next page starts; null on the last. */
  next: string | null;
}

/**
 * Which links or tags changed, when the caller knows (docs/adr/0098): a tag sync then compares only
 * their rows. Without it, a whole workspace's link tags are compared (about 280 ms per 100,000
 * tagged links on SQLite).
 */
export interface TagSyncScope {
  links?: readonly string[];
  /** Tag keys. */
  tags?: readonly string[];
}

/**
 * Reads never scale with the number of clicks: `totals` reads O(writers) rows per link, `query`
 * the day and month sheets covering its window (and the open hours), `events` pages of the log.
 */
export interface ClicksRepository {
  /** Add a batch to the open hours and the event log (idempotent per batch object). */
  record(batch: ClickBatch): Promise<void>;
  /** All-time totals of each link of the workspace (links without clicks are absent). */
  totals(workspaceId: string, linkIds: readonly string[]): Promise<Map<string, ClickTotals>>;
  query(q: ClickQuery): Promise<ClickAnswer>;
  /** Events newest first; throws StoreCursorError on a cursor it cannot read. */
  events(q: EventQuery): Promise<EventPage>;
  /** Drop a deleted link's counts and events (and its share of the workspace's sheets). */
  forget(workspaceId: string, linkId: string): Promise<void>;
  /**
   * A workspace's links' tags changed (edited, renamed, deleted; a link created is recorded by its
   * insert, LinksRepository.insert): bring its tag sheets in
   * line (docs/adr/0098): only the rows of `only`'s links or tags when given (the caller knows
   * what it changed), else the whole workspace's. Answers how many link-tag pairs it moved.
   * Stores without tag sheets lack it.
   */
  syncTags?(workspaceId: string, only?: TagSyncScope): Promise<number>;
  /** Drop everything a workspace recorded. */
  forgetWorkspace(workspaceId: string): Promise<void>;
  /** Upkeep between flushes: close finished hours, sweep expired events (MongoDB: renew the writer lease, compact). */
  maintain(): Promise<void>;
  /** After the last flush of a clean stop (MongoDB: hand the writer slot back). */
  release(): Promise<void>;
}

/** How long click events are kept, in days (0: none are written). */
export interface ClickStoreOptions {
  eventDays?: number;
}

/** A cursor the store cannot read. */
export class StoreCursorError extends Error {}
