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
        if (r !== undefined) other.set(`${linkId}|${c.hour[r]}`, r);
        const found = other.size > 0 ? other.get(`${linkId}|${hour}`) : undefined;
        if (found !== undefined) other.delete(`${linkId}|${hour}`);
        r = found ?? c.rows++;
        if (found === undefined) {
          c.opener[r] = i;
          c.hour[r] = hour;
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

  /** The `i`th link-hour, made when asked (a short-lived object; its `combos` the opening combination first). */
  hourAt(i: number): HourCounts {
    const o = this.opener[i]!;
    const combos = new Map<string, number>([[this.v.keys[o]!, this.firstN[i]!]]);
    const more = this.more.get(i);
    if (more) for (const [k, n] of more) combos.set(k, n);
    return { linkId: this.v.linkIds[o]!, workspaceId: this.v.workspaceIds[o]!, hour: this.hour[i]!, clicks: this.clicks[i]!, bots: this.bots[i]!, combos };
  }

  /** The `i`th click event, made when asked. */
  eventOf(i: number): ClickEvent {
    const r = this.eventAt[i]!;
    return { at: this.v.at[r]!, linkId: this.v.linkIds[r]!, workspaceId: this.v.workspaceIds[r]!, combo: this.v.keys[r]! };
  }
}
