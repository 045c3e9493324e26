import { hash } from 'node:crypto';
import { type LinkTargetFields, linkTargets } from '../domain/destinations.js';
import { RandomEvictMap } from '../domain/random-evict-map.js';

export const HOUR_MS = 3_600_000;

/** A link's place within the interval: fixed for its life, spread evenly over all links (docs/adr/0131). */
export function phaseOf(linkId: string, intervalMs: number): number {
  // One-shot hash (no Hash object): computed for every link created.
  const h = hash('sha256', linkId, 'buffer');
  return (h.readUInt32BE(0) * 0x1_0000 + h.readUInt16BE(4)) % intervalMs;
}

/**
 * When a link's next check is due after `afterMs`: the first time past it at the link's phase. So
 * every link is checked once per interval, the first check comes within one interval of its
 * creation or target change, and checks are spread over the interval whatever the order links
 * arrived in (an import of 100,000 links does not check them all at once).
 */
export function nextCheckAt(linkId: string, afterMs: number, intervalMs: number): number {
  const phase = phaseOf(linkId, intervalMs);
  return phase + (Math.floor((afterMs - phase) / intervalMs) + 1) * intervalMs;
}

/** Target lists at most this long (characters) have their keys remembered: a few KB each at worst. */
export const REMEMBERED_TARGETS_CHARS = 512;
const KEYS_REMEMBERED = 2048;

/**
 * The keys of target lists hashed lately. A key is a function of its list alone, so a remembered one
 * is the one hashing would give; every page of links asks for its links' keys (health states are
 * shown only while they match), and a SHA-256 per link was about a tenth of a page's CPU
 * (docs/adr/0235). Bounded: 2,048 lists of at most 512 characters (2 MB at the very worst, about
 * 200 KB for links with one destination).
 */
const rememberedKeys = new RandomEvictMap<string>(KEYS_REMEMBERED);

/** The identity of a link's set of targets: checks and states of other targets do not apply to it. */
export function targetsKey(link: LinkTargetFields): string {
  const urls = linkTargets(link)
    .map((t) => `${t.path} ${t.url}`)
    .join('\n');
  if (urls.length > REMEMBERED_TARGETS_CHARS) return keyOf(urls);
  let key = rememberedKeys.get(urls);
  if (key === undefined) {
    key = keyOf(urls);
    rememberedKeys.set(urls, key);
  }
  return key;
}

const keyOf = (urls: string): string => hash('sha256', urls, 'base64url').slice(0, 16);

/** A job's id: one job per (link, targets, due time), so scheduling the same check twice inserts it once. */
export const jobId = (linkId: string, key: string, dueMs: number) => `${linkId}:${key}:${dueMs}`;
