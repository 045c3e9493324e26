import { createHash } from 'node:crypto';
import type { Variant } from '../../domain/variant-schemas.js';

/** The cookie that keeps a visitor on the variant first drawn (one per link, scoped to its path). */
export const VARIANT_COOKIE = 'lsk_v';
const MAX_AGE_S = 30 * 24 * 3600;

/** A source of numbers in [0, 1): Math.random in service, a seeded one in tests. */
export type RandomSource = () => number;

/**
 * A link's A/B variants, compiled when the link is cached: cumulative weights for the draw, the
 * version of this variant set (a hash of the link id and its variants, so that changing them starts
 * new draws, and no two links' cookies are mistaken for each other) and each variant's Set-Cookie
 * value, built once.
 */
export class VariantDraw {
  readonly version: string;
  /** `lsk_v=<version>.`: what a cookie of this set starts with. */
  private readonly prefix: string;
  private readonly bounds: number[];
  /** Set-Cookie of each variant. */
  readonly cookies: string[];

  constructor(
    linkId: string,
    /** The variants as stored (their URLs are what clicks record). */
    readonly variants: readonly Variant[],
    /** The target of each variant as the redirect sends it (UTM applied, Location-safe). */
    readonly targets: readonly string[],
    /** The link's path: `/alias`, or a wildcard's prefix (`/help` for `help/*`). */
    cookiePath: string,
    secure: boolean,
  ) {
    this.version = createHash('sha256')
      .update(`${linkId}\n${JSON.stringify(variants)}`)
      .digest('base64url')
      .slice(0, 10);
    this.prefix = `${VARIANT_COOKIE}=${this.version}.`;
    let sum = 0;
    this.bounds = variants.map((v) => (sum += v.weight));
    const attributes = `; Path=${cookiePath}; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
    this.cookies = variants.map((_v, i) => `${this.prefix}${i}${attributes}`);
  }

  /** The variant a Cookie header keeps this visitor on, or -1 (none of this set, or one no longer valid). */
  kept(cookieHeader: string | undefined): number {
    if (cookieHeader === undefined) return -1;
    let at = cookieHeader.indexOf(this.prefix);
    while (at >= 0) {
      const before = at === 0 ? ';' : cookieHeader[at - 1];
      if (before === ';' || before === ' ') {
        const start = at + this.prefix.length;
        let end = start;
        while (end < cookieHeader.length && end - start < 3 && cookieHeader.charCodeAt(end) >= 48 && cookieHeader.charCodeAt(end) <= 57) end++;
        const next = cookieHeader[end];
        if (end > start && (next === undefined || next === ';' || next === ' ')) {
          const i = Number(cookieHeader.slice(start, end));
          if (i < this.variants.length) return i;
        }
      }
      at = cookieHeader.indexOf(this.prefix, at + 1);
    }
    return -1;
  }

  /** A new draw: variant i with probability weight_i / 100. */
  draw(random: RandomSource): number {
    const r = random() * 100;
    const b = this.bounds;
    for (let i = 0; i < b.length - 1; i++) if (r < b[i]!) return i;
    return b.length - 1;
  }
}
