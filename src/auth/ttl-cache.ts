/** Records read through from the store and trusted for `ttlMs` (a clock moved back re-reads). */
export class TtlCache<T> {
  private entries = new Map<string, { value: T; at: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
  ) {}

  async get(id: string, nowMs: number, load: () => Promise<T | null>): Promise<T | null> {
    const c = this.entries.get(id);
    if (c && nowMs - c.at < this.ttlMs && c.at <= nowMs) return c.value;
    const value = await load();
    if (value === null) return null;
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(id, { value, at: nowMs });
    return value;
  }

  delete(id: string): void {
    this.entries.delete(id);
  }
}
