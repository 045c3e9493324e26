/**
 * A short URL in a narrow row (docs/adr/0237): the path, which tells links apart, stays whole and the
 * host gives way from its end, cut after a whole character with the ellipsis against the path
 * (`localhost:1…/promo-13`). CSS's own ellipsis on the host alone cut whole characters and left their
 * room blank before the path.
 */

/** The host as shown: whole when `host + path` fits `width`, else its longest start with `…` that leaves the path whole (`…` alone at least). */
export function cutHost(host: string, path: string, width: number, measure: (text: string) => number): string {
  if (width <= 0 || measure(host + path) <= width) return host;
  const fits = (n: number) => measure(`${host.slice(0, n)}…${path}`) <= width;
  let lo = 0;
  let hi = host.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return `${host.slice(0, lo)}…`;
}
