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

  /** Ids met before their combination was known, and the maps that held them (added once learned). */
  private unknown = new Set<string>();
  private deferred: { m: Counts; b: number; linkId: string | undefined; sign: number }[] = [];

  /**
   * Add (`sign` -1: take away) a map of visits by combination to bucket `b`, on behalf of `linkId`
   * when known. Ids whose combination is not known yet wait for `settle()` (one store read for all).
   */
  addCombos(m: Counts | undefined, b: number, linkId?: string, sign = 1): void {
    if (!m) return;
    let linkSum = 0;
    let waits = false;
    for (const id in m) {
      const info = this.infos.get(id);
      if (info === undefined) {
        this.unknown.add(id);
        waits = true;
        continue;
      }
      linkSum += this.addOne(info, sign * m[id]!, b);
    }
    if (waits) this.deferred.push({ m, b, linkId, sign });
    if (linkId !== undefined && this.byLink && linkSum !== 0) this.links.set(linkId, (this.links.get(linkId) ?? 0) + linkSum);
  }

  /** People's clicks added for the link. */
  private addOne(info: ComboInfo | null, n: number, b: number): number {
    if (!info?.pass) return 0;
    if (info.bot) {
      this.bots += n;
      if (this.q.groupBots) this.addKeys(info, n);
      return 0;
    }
    this.clicks += n;
    this.buckets[b]! += n;
    this.addKeys(info, n);
    return n;
  }

  /** A combination's values added to the breakdowns by field. */
  private addKeys(info: ComboInfo, n: number): void {
    const groups = this.fieldGroups;
    for (let i = 0; i < groups.length; i++) {
      const k = info.keys[i];
      if (k !== null && k !== undefined) groups[i]!.set(k, (groups[i]!.get(k) ?? 0) + n);
    }
  }

  /**
   * Learn every combination of the workspace at once (a store that lists them, docs/adr/0102) and
   * answer those this read counts (passing its filter), each marked whether it is a bot's.
   */
  learnAll(keys: ReadonlyMap<string, string>): Map<string, boolean> {
    const counted = new Map<string, boolean>();
    for (const [id, key] of keys) {
      const info = this.judge(key);
      this.infos.set(id, info);
      if (info.pass) counted.set(id, info.bot);
    }
    return counted;
  }

  /** Learn the combinations met but not known (one store read), and add what waited for them. */
  async settle(): Promise<void> {
    if (this.unknown.size === 0) return;
    const missing = this.unknown;
    const deferred = this.deferred;
    this.unknown = new Set();
    this.deferred = [];
    const keys = await this.src.combos(this.q.workspaceId, [...missing]);
    for (const id of missing) {
      const key = keys.get(id);
      // An id the dictionary lacks (a write that never finished) is left out of every read.
      this.infos.set(id, key === undefined ? null : this.judge(key));
    }
    for (const { m, b, linkId, sign } of deferred) {
      let linkSum = 0;
      for (const id in m) if (missing.has(id)) linkSum += this.addOne(this.infos.get(id) ?? null, sign * m[id]!, b);
      if (linkId !== undefined && this.byLink && linkSum !== 0) this.links.set(linkId, (this.links.get(linkId) ?? 0) + linkSum);
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

  addLinks(l: Counts | undefined, sign = 1): void {
    if (!l) return;
    for (const id in l) this.links.set(id, (this.links.get(id) ?? 0) + sign * l[id]!);
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
