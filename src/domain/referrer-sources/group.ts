/** A referrers breakdown summed per source (docs/adr/0214). */
import type { SourceKind } from './kinds.js';
import { sourceOf } from './match.js';

/** One row of the referrers breakdown: a recorded host (or `(direct)`) and its clicks. */
export interface HostCount {
  key: string;
  clicks: number;
}

/** One source: its name, clicks, kind and the recorded hosts it sums (most clicks first). */
export interface SourceCount {
  key: string;
  clicks: number;
  kind: SourceKind;
  hosts: string[];
}

/**
 * Every host row summed under its source; most clicks first, ties by name (as the other breakdowns
 * order theirs). Each source's hosts keep the order of `rows` (most clicks first).
 */
export function groupBySource(rows: readonly HostCount[]): SourceCount[] {
  const sums = new Map<string, SourceCount>();
  for (const r of rows) {
    const { name, kind } = sourceOf(r.key);
    const sum = sums.get(name);
    if (sum) {
      sum.clicks += r.clicks;
      sum.hosts.push(r.key);
    } else sums.set(name, { key: name, clicks: r.clicks, kind, hosts: [r.key] });
  }
  return [...sums.values()].sort((a, b) => b.clicks - a.clicks || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Hosts a source row lists (docs/adr/0216); `hostsMore` counts the rest. */
export const SOURCE_HOSTS_MAX = 20;

/** A source row with its top SOURCE_HOSTS_MAX hosts (by clicks) and the count of the others. */
export function cappedHosts(row: SourceCount): SourceCount & { hostsMore: number } {
  return { ...row, hosts: row.hosts.slice(0, SOURCE_HOSTS_MAX), hostsMore: Math.max(0, row.hosts.length - SOURCE_HOSTS_MAX) };
}
