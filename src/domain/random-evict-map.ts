/**
 * A Map bounded to `max` entries that, when full, evicts an entry chosen at random (docs/adr/0096).
 * Evicting the oldest (insertion order) collapses when the links visited in turn are a few more than
 * the bound: each miss evicts the link visited next, so nearly every visit misses. A random victim
 * keeps about max/working-set of such visits hits, and for skewed traffic does as well as the oldest.
 * A lookup is one plain Map get of the value (nothing to update on the hot path, no wrapper to
 * follow). The keys also sit in an array, where a random victim is picked and the new key takes its
 * slot. A deleted key stays in the array until a victim draw finds it gone (its slot is then dropped)
 * or the array, past twice the bound, is rebuilt from the map: no second Map of each key's slot,
 * which with 100,000 entries held about 4 MB and left tables to collect as it grew (docs/adr/0198).
 */
export class RandomEvictMap<V> {
  private readonly entries = new Map<string, V>();
  /** Every key held, in some slot; and keys deleted since, until drawn or rebuilt away. */
  private slots: string[] = [];

  constructor(
    readonly max: number,
    private readonly random: () => number = Math.random,
  ) {}

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: V): void {
    const { entries, slots } = this;
    if (entries.has(key)) {
      entries.set(key, value);
      return;
    }
    while (entries.size >= this.max && slots.length > 0) {
      const slot = Math.floor(this.random() * slots.length);
      if (entries.delete(slots[slot]!)) {
        slots[slot] = key;
        entries.set(key, value);
        return;
      }
      // A key deleted before: its slot goes (the last slot takes its place), and another draw.
      const last = slots.pop()!;
      if (slot < slots.length) slots[slot] = last;
    }
    entries.set(key, value);
    slots.push(key);
    if (slots.length > 2 * this.max) this.slots = [...entries.keys()];
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.slots = [];
  }

  keys(): IterableIterator<string> {
    return this.entries.keys();
  }

  get size(): number {
    return this.entries.size;
  }
}
