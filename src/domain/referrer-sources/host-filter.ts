/**
 * A `referrer_source` / `referrer_kind` filter as a test on recorded referrer hosts (docs/adr/0216):
 * a host passes when its source (sourceOf) passes both, each IN / NOT IN like every filter.
 */
import type { FieldFilter } from '../click-fields.js';
import { sourceKeyOf } from './filter-values.js';
import { normalHost, sourceOf } from './match.js';

/** The key a host's source is compared under: `n:<name>` for a named source or `(direct)`, `h:<host>` for a host that is its own. */
function hostSourceKey(host: string): { key: string; kind: string } {
  const s = sourceOf(host);
  if (s.kind !== 'other') return { key: `n:${s.name}`, kind: s.kind };
  return { key: `h:${normalHost(host) ?? host}`, kind: s.kind };
}

function valueKeys(values: readonly string[] | undefined): Set<string> | null {
  if (!values) return null;
  const out = new Set<string>();
  for (const v of values) {
    const k = sourceKeyOf(v);
    // Values are checked where the filter is parsed; one that names no source matches no host.
    if ('name' in k) out.add(`n:${k.name}`);
    else if ('host' in k) out.add(`h:${k.host}`);
  }
  return out;
}

/** Whether a recorded host (or `(direct)`) passes the source and kind filters. */
export function hostPasses(source: FieldFilter | undefined, kind: FieldFilter | undefined): (host: string) => boolean {
  const sIn = valueKeys(source?.in);
  const sOut = valueKeys(source?.not_in);
  const kIn = kind?.in ? new Set(kind.in) : null;
  const kOut = kind?.not_in ? new Set(kind.not_in) : null;
  return (host) => {
    const { key, kind: k } = hostSourceKey(host);
    return (!sIn || sIn.has(key)) && !sOut?.has(key) && (!kIn || kIn.has(k)) && !kOut?.has(k);
  };
}
