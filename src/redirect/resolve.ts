/** Where a visitor goes: the geo-targeted URL of their country, else the destination. Pure. */
export function resolveTarget(link: { destination: string; geoTargeting: Record<string, string> }, country: string | null): string {
  if (country) {
    const target = link.geoTargeting[country];
    if (target) return target;
  }
  return link.destination;
}

/** Append the incoming query string to the target's own. */
export function withQuery(target: string, incomingQuery: string): string {
  if (!incomingQuery) return target;
  const hash = target.indexOf('#');
  const base = hash >= 0 ? target.slice(0, hash) : target;
  const fragment = hash >= 0 ? target.slice(hash) : '';
  const sep = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${sep}${incomingQuery}${fragment}`;
}
