import { isBotKey } from './combos.js';
import { type ClickEvent, HOUR_MS, type HourCounts, type VisitRecords } from './repository.js';
import { Turns } from './turns.js';

/**
 * A batch's visit records counted into link-hours, held in typed arrays over the records rather than
 * as an object per link-hour and per event (docs/adr/0206). MongoDB's flush counts a batch once and
 * keeps what it counted until its last write (a retry writes the same), which on FerretDB is minutes:
 * 50,000 link-hours and their events as objects were copied and promoted by one young-generation
 * collection of 12–18 ms on the event loop. Numbers in typed arrays and indexes into the records are
 * not objects the collector copies. A link-hour is named by the record that opened it (its link,
 * workspace and first combination); only a link-hour with a second combination gets a Map.
 */
export class CountedVisits {
  /** Link-hours counted. */
  readonly hourCount: number;
  /** Click events (records marked as one), in the order of the visits. */
  readonly eventCount: number;
  private readonly opener: Int32Array;
  private readonly hour: Float64Array;
  private readonly clicks: Float64Array;
  private readonly bots: Float64Array;
  /** Visits under the opening record's combination. */
  private readonly firstN: Float64Array;
  private readonly eventAt: Int32Array;
  /** The first link-hour of each link-hour's link (itself for a link's first): a link's totals without a Map by link id. */
  private readonly linkFirst: Int32Array;
  /** A link-hour's other combinations and their visits. */
  private readonly more: Map<number, Map<string, number>>;

  private constructor(
    private readonly v: VisitRecords,
    c: {
      rows: number;
      events: number;
      opener: Int32Array;
      hour: Float64Array;
      clicks: Float64Array;
      bots: Float64Array;
      firstN: Float64Array;
      eventAt: Int32Array;
      linkFirst: Int32Array;
      more: Map<number, Map<string, number>>;
    },
  ) {
    this.hourCount = c.rows;
    this.eventCount = c.events;
    this.opener = c.opener.slice(0, c.rows);
    this.hour = c.hour.slice(0, c.rows);
    this.clicks = c.clicks.slice(0, c.rows);
    this.bots = c.bots.slice(0, c.rows);
    this.firstN = c.firstN.slice(0, c.rows);
    this.eventAt = c.eventAt.slice(0, c.events);
    this.linkFirst = c.linkFirst.slice(0, c.rows);
    this.more = c.more;
  }

  /**
   * Count the records per link and UTC hour by combination, letting the event loop turn every
   * TURN_MS (`Turns`). Each link's current hour is found by its id; its other hours (around the turn
   * of an hour, a clock going back) by link and hour, as `HourTally` finds them.
   */
  static async count(v: VisitRecords, turns = new Turns()): Promise<CountedVisits> {
    const n = v.at.length;
    const c = {
      rows: 0,
      events: 0,
      opener: new Int32Array(n),
      hour: new Float64Array(n),
      clicks: new Float64Array(n),
      bots: new Float64Array(n),
      firstN: new Float64Array(n),
      eventAt: new Int32Array(n),
      linkFirst: new Int32Array(n),
      more: new Map<number, Map<string, number>>(),
    };
    const current = new Map<string, number>();
    const other = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      if (turns.due()) await turns.turn();
      const at = v.at[i]!;
      const linkId = v.linkIds[i]!;
      const key = v.keys[i]!;
      const hour = at - (at % HOUR_MS);
      let r = current.get(linkId);
      if (r === undefined || c.hour[r] !== hour) {
        const before = r;
        if (r !== undefined) other.set(`${linkId}|${c.hour[r]}`, r);
        const found = other.size > 0 ? other.get(`${linkId}|${hour}`) : undefined;
        if (found !== undefined) other.delete(`${linkId}|${hour}`);
        r = found ?? c.rows++;
        if (found === undefined) {
          c.opener[r] = i;
          c.hour[r] = hour;
          c.linkFirst[r] = before === undefined ? r : c.linkFirst[before]!;
        }
        current.set(linkId, r);
      }
      if (key === v.keys[c.opener[r]!]) c.firstN[r]!++;
      else {
        let m = c.more.get(r);
        if (m === undefined) {
          m = new Map();
          c.more.set(r, m);
        }
        m.set(key, (m.get(key) ?? 0) + 1);
      }
      if (isBotKey(key)) c.bots[r]!++;
      else c.clicks[r]!++;
      if (v.events[i] === 1) c.eventAt[c.events++] = i;
    }
    return new CountedVisits(v, c);
  }

  /**
   * The `i`th link-hour read field by field, without making it: the flush reads each link-hour three
   * times (its combinations looked up, its link's totals, its upsert built), and an object and a Map
   * made each time were most of what it allocated (docs/adr/0208).
   */
  linkOf(i: number): string {
    return this.v.linkIds[this.opener[i]!]!;
  }
  workspaceOf(i: number): string {
    return this.v.workspaceIds[this.opener[i]!]!;
  }
  hourOf(i: number): number {
    return this.hour[i]!;
  }
  clicksOf(i: number): number {
    return this.clicks[i]!;
  }
  botsOf(i: number): number {
    return this.bots[i]!;
  }
  /** The first link-hour counted of the `i`th link-hour's link (`i` itself when it is that one). */
  firstOfLink(i: number): number {
    return this.linkFirst[i]!;
  }
  /** Each combination of the `i`th link-hour with its visits, the opening combination first. */
  eachCombo(i: number, f: (key: string, n: number) => void): void {
    f(this.v.keys[this.opener[i]!]!, this.firstN[i]!);
    const more = this.more.size > 0 ? this.more.get(i) : undefined;
    if (more) for (const [k, n] of more) f(k, n);
  }

  /** The `i`th click event's time, link, workspace and combination, read without making it. */
  eventTime(i: number): number {
    return this.v.at[this.eventAt[i]!]!;
  }
  eventLink(i: number): string {
    return this.v.linkIds[this.eventAt[i]!]!;
  }
  eventWorkspace(i: number): string {
    return this.v.workspaceIds[this.eventAt[i]!]!;
  }
  eventCombo(i: number): string {
    return this.v.keys[this.eventAt[i]!]!;
  }

  /** The `i`th link-hour, made when asked (a short-lived object; its `combos` the opening combination first). */
  hourAt(i: number): HourCounts {
    const combos = new Map<string, number>();
    this.eachCombo(i, (k, n) => combos.set(k, n));
    return { linkId: this.linkOf(i), workspaceId: this.workspaceOf(i), hour: this.hour[i]!, clicks: this.clicks[i]!, bots: this.bots[i]!, combos };
  }

  /** The `i`th click event, made when asked. */
  eventOf(i: number): ClickEvent {
    return { at: this.eventTime(i), linkId: this.eventLink(i), workspaceId: this.eventWorkspace(i), combo: this.eventCombo(i) };
  }
}
