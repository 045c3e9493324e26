import { UTM_KEYS, type Utm } from '../../domain/utm-schemas.js';

/** The query parameter a key of `utm` sets (`source` -> `utm_source`). */
const PARAM: Record<(typeof UTM_KEYS)[number], string> = Object.fromEntries(UTM_KEYS.map((k) => [k, `utm_${k}`])) as never;

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
 * The URL with the link's UTM values set on its query: parameters of the same names are replaced,
 * everything else (other parameters, their order and spelling, the fragment, a `{path}` placeholder)
 * is kept as written. Done once, when a link is cached.
 */
export function withUtm(url: string, utm: Utm | null): string {
  if (utm === null) return url;
  const set = UTM_KEYS.filter((k) => utm[k] !== undefined);
  if (set.length === 0) return url;
  const hash = url.indexOf('#');
  const fragment = hash >= 0 ? url.slice(hash) : '';
  const beforeHash = hash >= 0 ? url.slice(0, hash) : url;
  const q = beforeHash.indexOf('?');
  const base = q >= 0 ? beforeHash.slice(0, q) : beforeHash;
  const replaced = new Set(set.map((k) => PARAM[k]));
  const kept = (q >= 0 ? beforeHash.slice(q + 1).split('&') : []).filter((p) => p !== '' && !replaced.has(paramName(p)));
  const added = set.map((k) => `${PARAM[k]}=${encodeURIComponent(utm[k]!)}`);
  return `${base}?${[...kept, ...added].join('&')}${fragment}`;
}
