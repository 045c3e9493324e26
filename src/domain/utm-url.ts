/**
 * UTM values on a URL: the five keys and how a link's values are set on its target. Imports nothing,
 * so the dashboard's live preview of the final URL runs this very code in the browser.
 */
export const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type UtmValues = Partial<Record<UtmKey, string>>;

function paramName(pair: string): string {
  const eq = pair.indexOf('=');
  const raw = eq >= 0 ? pair.slice(0, eq) : pair;
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * The URL with the UTM values set on its query (utm_source=…): parameters of the same names are
 * replaced, everything else (other parameters, their order and spelling, the fragment, a `{path}`
 * placeholder) is kept as written.
 */
export function withUtm(url: string, utm: UtmValues | null): string {
  if (utm === null) return url;
  const set = UTM_KEYS.filter((k) => utm[k] !== undefined);
  if (set.length === 0) return url;
  const hash = url.indexOf('#');
  const fragment = hash >= 0 ? url.slice(hash) : '';
  const beforeHash = hash >= 0 ? url.slice(0, hash) : url;
  const q = beforeHash.indexOf('?');
  const base = q >= 0 ? beforeHash.slice(0, q) : beforeHash;
  const replaced = new Set(set.map((k) => `utm_${k}`));
  const kept = (q >= 0 ? beforeHash.slice(q + 1).split('&') : []).filter((p) => p !== '' && !replaced.has(paramName(p)));
  const added = set.map((k) => `utm_${k}=${encodeURIComponent(utm[k]!)}`);
  return `${base}?${[...kept, ...added].join('&')}${fragment}`;
}
