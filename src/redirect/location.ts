/**
 * The Location of a redirect: the link's target with the visitor's query string appended
 * (`/spring?utm=x` -> `https://example.com/sale?ref=1&utm=x`), a fragment kept last.
 */
export function withQuery(target: string, incomingQuery: string): string {
  if (!incomingQuery) return target;
  const hash = target.indexOf('#');
  const base = hash >= 0 ? target.slice(0, hash) : target;
  const fragment = hash >= 0 ? target.slice(hash) : '';
  const sep = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${sep}${incomingQuery}${fragment}`;
}
