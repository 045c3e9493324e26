/*
 * Clicks are stored as rollups, never as one row per visit (docs/adr/0016): per link and UTC hour,
 * the number of human clicks, of bot visits, and of human clicks by each dimension's value. A link's
 * all-time totals are kept apart so that reading a link never sums hours.
 */

export const CLICK_DIMENSIONS = ['country', 'referrer', 'device', 'browser', 'os'] as const;
export type ClickDimension = (typeof CLICK_DIMENSIONS)[number];

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
  /**
   * Human clicks by dimension value, flat: dimension, value, count, dimension, value, count, ... (a
   * handful of entries, searched in place: no map per link-hour on the hot path). A click without a
   * value (no referrer, unknown country) counts under none. Read it with `eachCount`.
   */
  readonly counts: (string | number)[];
}

/** Add `n` to a dimension value of a link-hour; true when the value is new there. */
export function addCount(h: HourCounts, dim: ClickDimension, value: string, n = 1): boolean {
  const c = h.counts;
  for (let i = 0; i < c.length; i += 3) {
    if (c[i] === dim && c[i + 1] === value) {
      (c[i + 2] as number) += n;
      return false;
    }
  }
  c.push(dim, value, n);
  return true;
}

/** Each dimension value of a link-hour with its count. */
export function eachCount(h: HourCounts, fn: (dim: ClickDimension, value: string, n: number) => void): void {
  const c = h.counts;
  for (let i = 0; i < c.length; i += 3) fn(c[i] as ClickDimension, c[i + 1] as string, c[i + 2] as number);
}

/** What one flush writes. */
export interface ClickBatch {
  readonly hours: readonly HourCounts[];
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

/** Which rollups a query reads: one workspace's, optionally only some of its links', over the hours in [from, to). */
export interface ClickScope {
  workspaceId: string;
  /** Only these links (ids of other workspaces match nothing). Absent: every link of the workspace. */
  linkIds?: readonly string[];
  /** Rollups are hourly: an hour counts when its start lies in [from, to). */
  from: Date;
  to: Date;
}

/** A breakdown's grouping: a dimension's values, or the links themselves (key = link id). */
export type ClickGrouping = ClickDimension | 'link';

export interface KeyCount {
  key: string;
  clicks: number;
}

export interface HourTotals {
  hour: Date;
  clicks: number;
  bots: number;
}

/**
 * Reads never scale with the number of clicks: `totals` reads O(writers) rows per link (one on SQLite,
 * one per MongoDB writer slot), the others O(hours x values) rollups. Day, week and month buckets in
 * a time zone are built by the caller from `hourly`.
 */
export interface ClicksRepository {
  /** Add a batch to the rollups and totals (one transaction on SQLite; idempotent upserts on MongoDB). */
  record(batch: ClickBatch): Promise<void>;
  /** All-time totals of each link (links without clicks are absent). */
  totals(linkIds: readonly string[]): Promise<Map<string, ClickTotals>>;
  summary(scope: ClickScope): Promise<ClickTotals>;
  /** Human clicks by key, most first (ties by key); at most `limit` rows. */
  breakdown(scope: ClickScope, by: ClickGrouping, limit?: number): Promise<KeyCount[]>;
  /** Hours with any count, oldest first. */
  hourly(scope: ClickScope): Promise<HourTotals[]>;
  /** Drop a deleted link's counts. */
  forget(workspaceId: string, linkId: string): Promise<void>;
  /** Upkeep between flushes (MongoDB: renew the writer lease, compact idle writers' counts); cheap to call. */
  maintain(): Promise<void>;
  /** After the last flush of a clean stop (MongoDB: hand the writer slot back). */
  release(): Promise<void>;
}
