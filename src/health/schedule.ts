import { hash } from 'node:crypto';
import { type LinkTargetFields, linkTargets } from '../domain/destinations.js';

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

/** The identity of a link's set of targets: checks and states of other targets do not apply to it. */
export function targetsKey(link: LinkTargetFields): string {
  const urls = linkTargets(link).map((t) => `${t.path} ${t.url}`);
  return hash('sha256', urls.join('\n'), 'base64url').slice(0, 16);
}

/** A job's id: one job per (link, targets, due time), so scheduling the same check twice inserts it once. */
export const jobId = (linkId: string, key: string, dueMs: number) => `${linkId}:${key}:${dueMs}`;
