import { ALIAS_MAX, aliasProblems } from './field-rules.js';

/**
 * Wildcard aliases (`help/*`): a path without a link of its own is answered by the longest wildcard
 * above it. The candidates of a path are its prefixes (each + `/*`), longest first: as many as the
 * path has segments less one, whatever the number of links, each one probe of the (domain, alias)
 * key.
 */

/** What may follow a wildcard's prefix: URL path characters (RFC 3986 pchar, percent escapes, slashes), nothing else. */
const REST_RE = /^[A-Za-z0-9\-._~!$&'()*+,;=:@%/]+$/;

/** The wildcard aliases that could answer `path` (an incoming path without its leading slash), longest first. */
export function wildcardCandidates(path: string): string[] {
  const out: string[] = [];
  for (let slash = path.indexOf('/'); slash > 0; slash = path.indexOf('/', slash + 1)) {
    const prefix = path.slice(0, slash);
    if (prefix.length + 2 > ALIAS_MAX || aliasProblems(prefix).length > 0) break;
    if (!REST_RE.test(path.slice(slash + 1))) break;
    out.push(`${prefix}/*`);
  }
  return out.reverse();
}
