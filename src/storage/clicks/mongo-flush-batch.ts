import type { CountedVisits } from './counted-visits.js';
import type { ClickEvent, HourCounts } from './repository.js';

/**
 * What one MongoDB flush writes, read field by field by index, as often as its writes (and a
 * retry's) need: the link-hours and events counted from the batch's visit records (kept in typed
 * arrays, docs/adr/0206), then the batch's own (counted by the recorder past its bound, while the
 * store was unreachable). Nothing is made per link-hour or event to be read: a flush of 50,000
 * link-hours read each one three times as an object with a Map of its combinations (docs/adr/0208).
 */
export class FlushBatch {
  readonly hourCount: number;
  readonly eventCount: number;
  private readonly h: number;
  private readonly e: number;

  constructor(
    private readonly v: CountedVisits | undefined,
    private readonly hours: readonly HourCounts[],
    private readonly events: readonly ClickEvent[],
  ) {
    this.h = v?.hourCount ?? 0;
    this.e = v?.eventCount ?? 0;
    this.hourCount = this.h + hours.length;
    this.eventCount = this.e + events.length;
  }

  /** Whether every link-hour comes from the visit records (so `firstOfLink` answers without a Map). */
  get recordsOnly(): boolean {
    return this.hours.length === 0;
  }

  linkOf(i: number): string {
    return i < this.h ? this.v!.linkOf(i) : this.hours[i - this.h]!.linkId;
  }
  workspaceOf(i: number): string {
    return i < this.h ? this.v!.workspaceOf(i) : this.hours[i - this.h]!.workspaceId;
  }
  hourOf(i: number): number {
    return i < this.h ? this.v!.hourOf(i) : this.hours[i - this.h]!.hour;
  }
  clicksOf(i: number): number {
    return i < this.h ? this.v!.clicksOf(i) : this.hours[i - this.h]!.clicks;
  }
  botsOf(i: number): number {
    return i < this.h ? this.v!.botsOf(i) : this.hours[i - this.h]!.bots;
  }
  /** The first link-hour of the `i`th one's link, among the records' link-hours (`recordsOnly` batches). */
  firstOfLink(i: number): number {
    return this.v!.firstOfLink(i);
  }
  eachCombo(i: number, f: (key: string, n: number) => void): void {
    if (i < this.h) this.v!.eachCombo(i, f);
    else for (const [k, n] of this.hours[i - this.h]!.combos) f(k, n);
  }

  eventTime(i: number): number {
    return i < this.e ? this.v!.eventTime(i) : this.events[i - this.e]!.at;
  }
  eventLink(i: number): string {
    return i < this.e ? this.v!.eventLink(i) : this.events[i - this.e]!.linkId;
  }
  eventWorkspace(i: number): string {
    return i < this.e ? this.v!.eventWorkspace(i) : this.events[i - this.e]!.workspaceId;
  }
  eventCombo(i: number): string {
    return i < this.e ? this.v!.eventCombo(i) : this.events[i - this.e]!.combo;
  }
}
