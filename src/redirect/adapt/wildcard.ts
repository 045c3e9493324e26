/**
 * Wildcard links answered at the edge: the rest of a visited path placed in the target. Which
 * wildcard aliases could answer a path is a rule of the domain (domain/wildcard-aliases.ts).
 */

/** The rest of `path` below the wildcard alias `alias` (`help/*` on `help/a/b` -> `a/b`). */
export function restBelow(alias: string, path: string): string {
  return path.slice(alias.length - 1);
}

/** `rest` as one value of a query: `&` would split it and `+` read as a space there (both plain in a path). */
const asQueryValue = (rest: string) => rest.replaceAll('&', '%26').replaceAll('+', '%2B');

/** `target` with each `{path}` replaced by `rest`, escaped as a query value where it stands in the query. */
function replacePlaceholders(target: string, rest: string): string {
  const parts = target.split('{path}');
  let out = parts[0]!;
  let inQuery = false;
  let inFragment = false;
  for (let i = 1; i < parts.length; i++) {
    const before = parts[i - 1]!;
    const hash = before.indexOf('#');
    if (hash >= 0) inFragment = true;
    else if (before.includes('?')) inQuery = true;
    out += (inQuery && !inFragment ? asQueryValue(rest) : rest) + parts[i]!;
  }
  return out;
}

/**
 * A target URL with the rest of the path placed in it: `{path}` replaced wherever it stands (the
 * service refuses it in a scheme or host; in the query as one value), else appended to the target's path.
 */
export function placePath(target: string, rest: string): string {
  if (target.includes('{path}')) return replacePlaceholders(target, rest);
  let end = target.length;
  const q = target.indexOf('?');
  const h = target.indexOf('#');
  if (q >= 0) end = q;
  if (h >= 0 && h < end) end = h;
  const base = target.slice(0, end);
  return `${base.endsWith('/') ? base : `${base}/`}${rest}${target.slice(end)}`;
}

/** The visited path of a request URL, without its leading slash and query string. */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q >= 0 ? url.slice(1, q) : url.slice(1);
}

/** The target of wildcard link `alias` for the request URL `url`: the rest of its path placed in `to`. */
export function placedTarget(alias: string, url: string, to: string): string {
  return placePath(to, restBelow(alias, pathOf(url)));
}
