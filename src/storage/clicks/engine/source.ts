/**
 * What the read engine asks of a store (docs/adr/0092). Both adapters answer these three questions
 * from their own tables or documents; everything else about a read (which sheets, filters, buckets,
 * groupings) is the engine's, so both stores give the same answers by construction.
 */

/** Counts by id: hour index, combination id or link id. */
export type Counts = Record<string, number>;

export type Grain = 'day' | 'month';

/**
 * The counts of one domain or link over one UTC day or month (one per writer slot on MongoDB:
 * readers add them up). Day sheets hold hours; month sheets only totals.
 */
export interface Sheet {
  /** The domain (domain sheets), link id (link sheets) or tag key (tag sheets). */
  key: string;
  /** Start of the UTC day or month, ms. */
  period: number;
  tot: number;
  bots: number;
  /**
   * People's clicks and bot visits by hour: of the day (0-23) in day sheets; of the month (0-743) in
   * month sheets of a store with `monthHours` (docs/adr/0099), complete only where they add up to
   * `tot` and `bots`.
   */
  hc?: Counts;
  hb?: Counts;
  /** Visits by combination id (people's and bots'). */
  c?: Counts;
  /** Day sheets: hour of the day -> combination id -> visits. */
  x?: Record<string, Counts>;
  /** Domain and tag sheets: people's clicks by link id. */
  l?: Counts;
}

export type SheetField = 'hc' | 'hb' | 'c' | 'x' | 'l';

export interface SheetRequest {
  workspaceId: string;
  kind: 'domain' | 'link' | 'tag';
  /** Only these domains, links or tags; absent: every one of the workspace (tags: always given). */
  keys?: readonly string[];
  grain: Grain;
  /** Periods whose start lies in [from, to). */
  from: number;
  to: number;
  fields: readonly SheetField[];
  /** With `x`: only these hours of the day (absent: all 24). */
  xHours?: readonly number[];
}

/** A link's counts in one hour not closed yet. */
export interface OpenHour {
  linkId: string;
  hour: number;
  clicks: number;
  bots: number;
  c: Counts;
}

export interface OpenRequest {
  workspaceId: string;
  linkIds?: readonly string[];
  from: number;
  to: number;
  /**
   * The read may take hours up to here (past `to`) whole from the sheets (tail.ts). A store whose
   * closings run beside its reads (MongoDB) takes its open hours up to here into account too.
   */
  reach?: number;
}

/** One sheet's visits summed over the combinations a read counts (docs/adr/0102). */
export interface SheetSum {
  key: string;
  period: number;
  people: number;
  bots: number;
}

/** The combinations a read counts: id -> whether it is a bot's. */
export type ComboSet = ReadonlyMap<string, boolean>;

export interface ClickSource {
  sheets(r: SheetRequest): Promise<Sheet[]> | Sheet[];
  /** Asked before any sheet of a read's pass (docs/adr/0231: MongoDB takes the sheets back to then). */
  open(r: OpenRequest): Promise<OpenHour[]> | OpenHour[];
  /**
   * The links whose sheets a tag's sheets sum (docs/adr/0098); null when they sum part of a link's
   * (a move in progress, docs/adr/0103) or cannot be known to sum exactly `links`, the tag's links
   * now (MongoDB, docs/adr/0182). A store without tag sheets lacks it, and reads of a tag sum its
   * links' sheets.
   */
  tagLinks?(workspaceId: string, tag: string, links: readonly string[]): Promise<string[] | null> | string[] | null;
  /**
   * Month sheets count hours too (MongoDB, docs/adr/0099): a series by day or hour reads them, not a
   * day sheet per day, wherever their hours add up to their totals (else their days are read).
   */
  readonly monthHours?: boolean;
  /**
   * Optional (docs/adr/0102): every combination of the workspace, id -> key, or null when it holds
   * more than `max`. With `comboSums`, a read that needs no breakdown by field judges each
   * combination once and lets the store add up the sheets' counts of those it counts.
   */
  allCombos?(workspaceId: string, max: number): Promise<Map<string, string> | null> | Map<string, string> | null;
  /** Optional: each sheet of the request (its `c`) summed over the set's combinations, people and bots apart. */
  comboSums?(r: SheetRequest, set: ComboSet): Promise<SheetSum[]> | SheetSum[];
  /**
   * Optional (docs/adr/0197): the request's sheets handed to `fold` as they arrive, the store holding
   * a batch at a time. A store that streams is asked for whole runs of periods at once (a query per
   * kind and grain, not one per month of days), since memory no longer grows with the run.
   */
  eachSheet?(r: SheetRequest, fold: (s: Sheet) => void | Promise<void>): Promise<void>;
  /** Combination keys by id (ids the store does not know are absent). */
  combos(workspaceId: string, ids: readonly string[]): Promise<Map<string, string>> | Map<string, string>;
}
