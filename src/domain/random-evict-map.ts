/** Slots from its home past which a new key's probe run is taken for keys made to collide (random keys: 35 at most at half load, 131,072 keys). */
const LONGEST_PROBE = 64;

const newSeed = () => Math.floor(Math.random() * 0x100000000) | 0;

/**
 * A map of string keys bounded to `max` entries that, when full, evicts an entry chosen at random
 * (docs/adr/0096). Evicting the oldest (insertion order) collapses when the links visited in turn are
 * a few more than the bound: each miss evicts the link visited next, so nearly every visit misses. A
 * random victim keeps about max/working-set of such visits hits, and for skewed traffic does as well
 * as the oldest.
 *
 * Entries are dense (0..size-1) in an array of keys, one of values and one of key hashes, found
 * through an open-addressing index of entry numbers (linear probing, deletion by backward shift). A
 * deleted entry's place is taken by the last one; a victim is an entry number drawn at random. The
 * arrays grow with the entries up to the bound and are then never made again: a JS `Map` under
 * steady deletes and sets re-makes its hash table as deleted entries fill it, a large object left
 * to collect each time (7 MB for the link cache's 100,000 keys; docs/adr/0207).
 */
export class RandomEvictMap<V> {
  private count = 0;
  private keyAt: (string | undefined)[] = [];
  private valueAt: (V | undefined)[] = [];
  private hashes = new Int32Array(0);
  /** Entry number + 1 in each slot, 0 for an empty one; at least twice as many slots as entries. */
  private index = new Int32Array(0);
  private mask = 0;
  /**
   * A seed per map. Not a keyed cryptographic hash: the low bits of FNV-1a's state depend only on the low
   * bits of the seed and of the characters, and keys made to share one full hash under one seed share it
   * under every seed alike in its low 8 bits (1 in 256; docs/adr/0207). So a new key found more than
   * LONGEST_PROBE slots from its home makes the map draw a new seed and hash its keys again.
   */
  private seed = newSeed();

  constructor(
    readonly max: number,
    private readonly random: () => number = Math.random,
  ) {
    if (!Number.isSafeInteger(max) || max < 1) throw new RangeError(`a bound of ${max} entries: a whole number of at least 1 is needed`);
    this.room(Math.min(max, 16));
  }

  /** FNV-1a over the key's characters from the seed, then a final mix (the index's low bits depend on every character). */
  private hashOf(key: string): number {
    let h = this.seed;
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    return h | 0;
  }

  /** The entry number of `key` (hash `h`), or -1. */
  private find(key: string, h: number): number {
    const { index, mask, hashes, keyAt } = this;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const e = index[s]! - 1;
      if (e < 0) return -1;
      if (hashes[e] === h && keyAt[e] === key) return e;
    }
  }

  get(key: string): V | undefined {
    const e = this.find(key, this.hashOf(key));
    return e < 0 ? undefined : this.valueAt[e];
  }

  set(key: string, value: V): void {
    const h = this.hashOf(key);
    const e = this.find(key, h);
    if (e >= 0) {
      this.valueAt[e] = value;
      return;
    }
    if (this.count === this.max) this.removeAt(Math.floor(this.random() * this.count));
    if (this.count === this.hashes.length) this.room(Math.min(this.max, this.count * 2));
    const n = this.count++;
    this.keyAt[n] = key;
    this.valueAt[n] = value;
    this.hashes[n] = h;
    if (this.indexAt(n) > LONGEST_PROBE) this.reseed();
  }

  delete(key: string): void {
    const e = this.find(key, this.hashOf(key));
    if (e >= 0) this.removeAt(e);
  }

  clear(): void {
    this.count = 0;
    this.keyAt = [];
    this.valueAt = [];
    this.hashes = new Int32Array(0);
    this.room(Math.min(this.max, 16));
  }

  /** The keys held, as they are now (deleting while iterating is safe). */
  keys(): IterableIterator<string> {
    return (this.keyAt.slice(0, this.count) as string[])[Symbol.iterator]();
  }

  get size(): number {
    return this.count;
  }

  /** Room for `capacity` entries: the hashes copied over, the index made anew from them. */
  private room(capacity: number): void {
    let slots = 8;
    while (slots < capacity * 2) slots *= 2;
    const hashes = new Int32Array(capacity);
    hashes.set(this.hashes.subarray(0, this.count));
    this.hashes = hashes;
    this.index = new Int32Array(slots);
    this.mask = slots - 1;
    for (let e = 0; e < this.count; e++) this.indexAt(e);
  }

  /** Entry e into the index; how many slots past its home it went. */
  private indexAt(e: number): number {
    const { index, mask } = this;
    const home = this.hashes[e]! & mask;
    let s = home;
    while (index[s] !== 0) s = (s + 1) & mask;
    index[s] = e + 1;
    return (s - home) & mask;
  }

  /** A new seed, every key hashed with it and the index made again in place (no array made anew). */
  private reseed(): void {
    this.seed = newSeed();
    for (let e = 0; e < this.count; e++) this.hashes[e] = this.hashOf(this.keyAt[e]!);
    this.index.fill(0);
    for (let e = 0; e < this.count; e++) this.indexAt(e);
  }

  /** The index slot holding entry e. */
  private slotOf(e: number): number {
    const { index, mask } = this;
    let s = this.hashes[e]! & mask;
    while (index[s] !== e + 1) s = (s + 1) & mask;
    return s;
  }

  /** Entry e goes: out of the index (the entries after it in its probe run shift back over the gap); the last entry takes its place. */
  private removeAt(e: number): void {
    const { index, mask, hashes } = this;
    let gap = this.slotOf(e);
    for (let j = (gap + 1) & mask; index[j] !== 0; j = (j + 1) & mask) {
      const home = hashes[index[j]! - 1]! & mask;
      // The entry at j may fill the gap unless its home lies cyclically in (gap, j].
      const stays = gap <= j ? gap < home && home <= j : gap < home || home <= j;
      if (!stays) {
        index[gap] = index[j]!;
        gap = j;
      }
    }
    index[gap] = 0;
    const last = --this.count;
    if (e !== last) {
      index[this.slotOf(last)] = e + 1;
      hashes[e] = hashes[last]!;
      this.keyAt[e] = this.keyAt[last];
      this.valueAt[e] = this.valueAt[last];
    }
    // The key and value leave the arrays with the entry (nothing held for a later collection to find).
    this.keyAt[last] = undefined;
    this.valueAt[last] = undefined;
  }
}
