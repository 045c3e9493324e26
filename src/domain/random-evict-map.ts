/**
 * A Map bounded to `max` entries that, when full, evicts an entry chosen at random (docs/adr/0096).
 * Evicting the oldest (insertion order) collapses when the links visited in turn are a few more than
 * the bound: each miss evicts the link visited next, so nearly every visit misses. A random victim
 * keeps about max/working-set of such visits hits, and for skewed traffic does as well as the oldest.
 * A lookup is a plain Map get (nothing to update on the hot path); the keys also sit in an array
 * (each entry knows its slot), so a random victim and a removal are O(1).
 */
export class RandomEvictMap<V> {
  private readonly entries = new Map<string, { value: V; slot: number }>();
  private readonly slots: string[] = [];

  constructor(
    readonly max: number,
    private readonly random: () => number = Math.random,
  ) {}

  get(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  set(key: string, value: V): void {
    const e = this.entries.get(key);
    if (e) {
      e.value = value;
      return;
    }
    if (this.slots.length >= this.max) this.delete(this.slots[Math.floor(this.random() * this.slots.length)]!);
    this.entries.set(key, { value, slot: this.slots.length });
    this.slots.push(key);
  }

  delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    const last = this.slots.pop()!;
    if (last !== key) {
      this.slots[e.slot] = last;
      this.entries.get(last)!.slot = e.slot;
    }
  }

  clear(): void {
    this.entries.clear();
    this.slots.length = 0;
  }

  keys(): IterableIterator<string> {
    return this.entries.keys();
  }

  get size(): number {
    return this.slots.length;
  }
}
