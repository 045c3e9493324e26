/**
 * An exact set of host names held in flat typed arrays, for blocklists of millions of entries
 * (docs/adr/0130): each host costs its bytes plus one length byte, and each slot of the
 * open-addressing table 8 bytes (a hash and an offset), about 40 bytes per host where a Set of
 * strings costs 100 to 200. Hosts are lower-case ASCII (IDN as punycode), at most 255 characters.
 *
 * Hashes are computed from the last character to the first, so one pass over a host yields the
 * hash of every suffix: `match` looks up each parent domain of a host in O(length of the host).
 */
const EMPTY = 0;
const MAX_LOAD = 0.5;

export class HostSet {
  private bytes: Uint8Array;
  private used = 0;
  /** Offset + 1 of each slot's host in `bytes` (0: empty). */
  private offsets: Uint32Array;
  private hashes: Uint32Array;
  private mask: number;
  size = 0;
  private readonly seed: number;

  constructor(expected = 16) {
    let capacity = 16;
    while (capacity * MAX_LOAD < expected) capacity *= 2;
    this.offsets = new Uint32Array(capacity);
    this.hashes = new Uint32Array(capacity);
    this.mask = capacity - 1;
    this.bytes = new Uint8Array(Math.max(256, expected * 24));
    // A per-set seed: which hosts share a probe chain cannot be arranged from outside.
    this.seed = (Math.random() * 0x1_0000_0000) >>> 0;
  }

  /** Adds a host (lower-case ASCII, 1 to 255 characters); false when it was already there or is not one. */
  add(host: string): boolean {
    const n = host.length;
    if (n === 0 || n > 255) return false;
    let h = this.seed;
    for (let i = n - 1; i >= 0; i--) {
      const c = host.charCodeAt(i);
      if (c > 0x7e) return false;
      h = Math.imul(h ^ c, 0x01000193);
    }
    h >>>= 0;
    if (this.find(host, 0, h) >= 0) return false;
    if (this.size + 1 > (this.mask + 1) * MAX_LOAD) this.grow();
    if (this.used + n + 1 > this.bytes.length) {
      const next = new Uint8Array(Math.max(this.bytes.length * 2, this.used + n + 1));
      next.set(this.bytes.subarray(0, this.used));
      this.bytes = next;
    }
    const at = this.used;
    this.bytes[at] = n;
    for (let i = 0; i < n; i++) this.bytes[at + 1 + i] = host.charCodeAt(i);
    this.used += n + 1;
    this.place(h, at + 1);
    this.size++;
    return true;
  }

  has(host: string): boolean {
    return this.match(host, false) !== null;
  }

  /**
   * The entry `host` is, or is a subdomain of (the shortest such entry: the first met reading
   * from the right), or null. With `parents` false only the host itself is looked up.
   */
  match(host: string, parents = true): string | null {
    if (this.size === 0) return null;
    let h = this.seed;
    for (let i = host.length - 1; i >= 0; i--) {
      h = Math.imul(h ^ host.charCodeAt(i), 0x01000193);
      if (i === 0 || (parents && host.charCodeAt(i - 1) === 0x2e)) {
        if (this.find(host, i, h >>> 0) >= 0) return host.slice(i);
      }
    }
    return null;
  }

  /** Gives back the spare room of the byte store (after a bulk load). */
  compact(): void {
    if (this.bytes.length > this.used) this.bytes = this.bytes.slice(0, this.used);
  }

  /** Bytes held by the arrays (for the measurement and the metrics). */
  get byteLength(): number {
    return this.bytes.byteLength + this.offsets.byteLength + this.hashes.byteLength;
  }

  /** The slot holding host.slice(from), or -1. */
  private find(host: string, from: number, h: number): number {
    const len = host.length - from;
    for (let slot = h & this.mask; ; slot = (slot + 1) & this.mask) {
      const off = this.offsets[slot]!;
      if (off === EMPTY) return -1;
      if (this.hashes[slot] === h && this.bytes[off - 1] === len && this.same(off, host, from, len)) return slot;
    }
  }

  private same(off: number, host: string, from: number, len: number): boolean {
    for (let j = 0; j < len; j++) if (this.bytes[off + j] !== host.charCodeAt(from + j)) return false;
    return true;
  }

  private place(h: number, offsetPlusOne: number): void {
    let slot = h & this.mask;
    while (this.offsets[slot] !== EMPTY) slot = (slot + 1) & this.mask;
    this.offsets[slot] = offsetPlusOne;
    this.hashes[slot] = h;
  }

  private grow(): void {
    const offsets = this.offsets;
    const hashes = this.hashes;
    this.offsets = new Uint32Array(offsets.length * 2);
    this.hashes = new Uint32Array(offsets.length * 2);
    this.mask = offsets.length * 2 - 1;
    for (let i = 0; i < offsets.length; i++) if (offsets[i] !== EMPTY) this.place(hashes[i]!, offsets[i]!);
  }
}
