import { type ComboInfo, comboJudge } from '../combos.js';
import type { ClickAnswer, ClickGrouping, ClickQuery, KeyCount } from '../repository.js';
import type { ClickSource, Counts } from './source.js';

const byClicks = (a: KeyCount, b: KeyCount) => b.clicks - a.clicks || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** The running sums of one read, and what it knows of the combinations it met. */
export class Tally {
  clicks = 0;
  bots = 0;
  readonly buckets: Float64Array;
  readonly fieldGroups: Map<string, number>[];
  readonly links = new Map<string, number>();
  private readonly infos = new Map<string, ComboInfo | null>();
  private readonly judge: (key: string) => ComboInfo;
  readonly byLink: boolean;

  constructor(
    private readonly q: ClickQuery,
    private readonly src: ClickSource,
    readonly fields: readonly ClickGrouping[],
  ) {
    this.buckets = new Float64Array(q.buckets?.length ?? 1);
    this.fieldGroups = fields.map(() => new Map());
    this.judge = comboJudge(q.filter, fields);
    this.byLink = (q.groups ?? []).includes('link');
  }

  /** Learn the combinations of these count maps (one store read for those not known yet). */
  async learn(maps: Iterable<Counts | undefined>): Promise<void> {
    const missing = new Set<string>();
    for (const m of maps) if (m) for (const id in m) if (!this.infos.has(id)) missing.add(id);
    if (missing.size === 0) return;
    const keys = await this.src.combos(this.q.workspaceId, [...missing]);
    for (const id of missing) {
      const key = keys.get(id);
      // An id the dictionary lacks (a write that never finished) is left out of every read.
      this.infos.set(id, key === undefined ? null : this.judge(key));
    }
  }

  /** Add (`sign` -1: take away) a map of visits by combination (learned before) to bucket `b`, on behalf of `linkId` when known. */
  addCombos(m: Counts | undefined, b: number, linkId?: string, sign = 1): void {
    if (!m) return;
    const groups = this.fieldGroups;
    for (const id in m) {
      const info = this.infos.get(id);
      if (!info?.pass) continue;
      const n = sign * m[id]!;
      if (info.bot) {
        this.bots += n;
        continue;
      }
      this.clicks += n;
      this.buckets[b]! += n;
      for (let i = 0; i < groups.length; i++) {
        const k = info.keys[i];
        if (k !== null && k !== undefined) groups[i]!.set(k, (groups[i]!.get(k) ?? 0) + n);
      }
      if (linkId !== undefined && this.byLink) this.links.set(linkId, (this.links.get(linkId) ?? 0) + n);
    }
  }

  /** Add plain counts (no filter, no breakdown by field) to bucket `b`. */
  addTotals(clicks: number, bots: number, b: number): void {
    this.clicks += clicks;
    this.bots += bots;
    this.buckets[b]! += clicks;
  }

  addGroup(i: number, key: string, n: number): void {
    this.fieldGroups[i]!.set(key, (this.fieldGroups[i]!.get(key) ?? 0) + n);
  }

  addLinks(l: Counts | undefined): void {
    if (!l) return;
    for (const id in l) this.links.set(id, (this.links.get(id) ?? 0) + l[id]!);
  }

  addLink(id: string, n: number): void {
    if (n !== 0) this.links.set(id, (this.links.get(id) ?? 0) + n);
  }

  answer(): ClickAnswer {
    const out: ClickAnswer = { total: { clicks: this.clicks, bots: this.bots }, groups: {} };
    if (this.q.buckets) out.buckets = [...this.buckets];
    const sorted = (m: Map<string, number>) =>
      [...m]
        .filter(([, n]) => n > 0)
        .map(([key, clicks]) => ({ key, clicks }))
        .sort(byClicks);
    this.fields.forEach((f, i) => {
      out.groups[f] = sorted(this.fieldGroups[i]!);
    });
    if (this.byLink) out.groups.link = sorted(this.links);
    return out;
  }
}
