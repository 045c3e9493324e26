/**
 * A Map bounded to `max` entries that, when full, evicts an entry chosen at random (docs/adr/0096).
 * Evicting the oldest (insertion order) collapses when the links visited in turn are a few more than
 * the bound: each miss evicts the link visited next, so nearly every visit misses. A random victim
 * keeps about max/working-set of such visits hits, and for skewed traffic does as well as the oldest.
 * A lookup is one plain Map get of the value (nothing to update on the hot path, no wrapper to
 * follow); the keys also sit in an array and each key's slot in a second Map that only `set` and
 * `delete` touch, so a random victim and a removal are O(1).
 */
export class RandomEvictMap<V> {
  private readonly entries = new Map<string, V>();
  private readonly slotOf = new Map<string, number>();
  private readonly slots: string[] = [];

  constructor(
    readonly max: number,
    private readonly random: () => number = Math.random,
  ) {}

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: V): void {
    if (this.slotOf.has(key)) {
      this.entries.set(key, value);
      return;
    }
    if (this.slots.length >= this.max) this.delete(this.slots[Math.floor(this.random() * this.slots.length)]!);
    this.entries.set(key, value);
    this.slotOf.set(key, this.slots.length);
    this.slots.push(key);
  }

  delete(key: string): void {
    const slot = this.slotOf.get(key);
    if (slot === undefined) return;
    this.entries.delete(key);
    this.slotOf.delete(key);
    const last = this.slots.pop()!;
    if (last !== key) {
      this.slots[slot] = last;
      this.slotOf.set(last, slot);
    }
  }

  clear(): void {
    this.entries.clear();
    this.slotOf.clear();
    this.slots.length = 0;
  }

  keys(): IterableIterator<string> {
    return this.entries.keys();
  }

  get size(): number {
    return this.slots.length;
  }
}
