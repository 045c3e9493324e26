/**
 * The values a `referrer_source` and a `referrer_kind` filter take (docs/adr/0216): a source as the
 * `referrer_sources` rows name it, and a kind of the closed list. Sources are open (a host no
 * source claims is its own source), so a value is a table name (any case), `(direct)`, or such a host.
 */
import { DIRECT } from '../click-fields.js';
import { SOURCE_KINDS, type SourceKind } from './kinds.js';
import { namedSource, normalHost } from './match.js';
import { SOURCE_TABLE } from './table.js';

const NAMES = new Map(SOURCE_TABLE.map((s) => [s.name.toLowerCase(), s.name]));

/** How a `referrer_source` value is compared with a host's source: a table name, `(direct)`, or a normal host. */
export type SourceKey = { name: string } | { host: string };

/** The key a filter value stands for, or the reason it stands for none (the detail's message). */
export function sourceKeyOf(value: string): SourceKey | { error: string } {
  const name = NAMES.get(value.toLowerCase());
  if (name) return { name };
  if (value === DIRECT) return { name: DIRECT };
  const host = normalHost(value);
  if (host === null)
    return {
      error: `is no referrer source: give a source as group_by=referrer_sources names it (a name such as Google or X, ${DIRECT}, or a host no source claims)`,
    };
  const claimed = namedSource(host);
  if (claimed) return { error: `is a host of the source ${claimed.name}: filter referrer_source by ${claimed.name}, or referrer by the host` };
  return { host };
}

/** The issue of a `referrer_kind` value, or null when it is one of the kinds. */
export function kindIssue(value: string): string | null {
  return (SOURCE_KINDS as readonly string[]).includes(value) ? null : `must be one of ${SOURCE_KINDS.join(', ')}`;
}

/** The issue of a `referrer_source` value, or null when it names a source. */
export function sourceIssue(value: string): string | null {
  const key = sourceKeyOf(value);
  return 'error' in key ? key.error : null;
}

export const isKind = (v: string): v is SourceKind => kindIssue(v) === null;
