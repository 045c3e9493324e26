import { randomFillSync } from 'node:crypto';
import { z } from './zod.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * Random bytes drawn from the CSPRNG 4 KiB at a time and used once each (as Node's randomUUID does
 * with its cache): a draw per id cost a call into OpenSSL for 16-40 bytes, several per link created.
 */
const pool = Buffer.alloc(4096);
let used = pool.length;

/** n random base62 characters (rejection sampling: no modulo bias). */
export function randomBase62(n: number): string {
  let out = '';
  while (out.length < n) {
    if (used === pool.length) {
      randomFillSync(pool);
      used = 0;
    }
    const b = pool[used++]!;
    if (b < 248) out += BASE62[b % 62];
  }
  return out;
}

export type IdPrefix = 'lnk' | 'key' | 'wsp' | 'usr' | 'inv' | 'whk' | 'msg' | 'dlv' | 'rep' | 'aud' | 'pky' | 'ses' | 'utm' | 'shr' | 'rpt';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(20)}`;
}

/** Base62 of a non-negative whole number, left-padded to `width` (base62 digits sort as ASCII does). */
function base62(n: number, width: number): string {
  let out = '';
  for (let v = n; v > 0; v = Math.floor(v / 62)) out = BASE62[v % 62] + out;
  return out.padStart(width, '0');
}

let lastMs = 0;
let seq = 0;
/** How far back a time may be and still continue the last id's millisecond. */
const STEP_BACK_MS = 1000;

/**
 * An id that sorts by time: 8 base62 digits of milliseconds, 4 of a per-process sequence (ids made in
 * one millisecond keep their order; a time up to a second earlier, as from a clock read before the
 * last id was made, continues it), then 8 random ones so that instances never collide. A clock set
 * back further (a correction) starts again from its time: ids do not stay stamped in the future
 * until it catches up. 20 characters after the prefix, like every other id.
 */
export function timeOrderedId(prefix: IdPrefix, atMs: number): string {
  if (atMs > lastMs || atMs < lastMs - STEP_BACK_MS) {
    lastMs = atMs;
    seq = 0;
  } else seq = (seq + 1) % 62 ** 4;
  return `${prefix}_${base62(lastMs, 8)}${base62(seq, 4)}${randomBase62(8)}`;
}

/** The smallest time-ordered id of an instant: ids made at or after it sort at or after this. */
export function timeOrderedBound(prefix: IdPrefix, atMs: number): string {
  return `${prefix}_${base62(Math.max(0, atMs), 8)}`;
}

export function hasPrefix(id: string, prefix: IdPrefix): boolean {
  return id.startsWith(`${prefix}_`) && /^[a-z]{3}_[0-9A-Za-z]{1,64}$/.test(id);
}

/** A returned id of one kind, e.g. lnk_3kTMd9sQ0pX1bY7zA2cW. */
export function prefixedIdSchema(prefix: IdPrefix) {
  return z.string().regex(new RegExp(`^${prefix}_[0-9A-Za-z]{1,64}$`), `must be an id starting with ${prefix}_`);
}

/**
 * An id in a path: documented with its form, but any string is looked up, so an id that cannot
 * exist answers 404 not_found like one that does not (nothing about ids is revealed by a 400).
 */
export function idParamSchema(prefix: IdPrefix) {
  return z
    .string()
    .max(256)
    .meta({ pattern: `^${prefix}_[0-9A-Za-z]{1,64}$`, description: `An id starting with ${prefix}_; any other value answers 404.` });
}
