import { Memo } from './user-agent.js';

/**
 * What a visit records besides its User-Agent (docs/adr/0092), each worked out once per distinct
 * header value (bounded memos): the Referer's host and URL, the Accept-Language's primary subtag,
 * and UTM parameters of a URL. No value keeps control characters.
 */

const CACHE_SIZE = 10_000;
const CACHE_KEY_MAX = 1024;
export const REFERRER_URL_MAX = 500;
export const UTM_MAX = 100;

/** Control characters (the combination key's separator among them) never reach a stored value. */
export const clean = (v: string, max: number): string | null => {
  const s = v
    .replace(/[\x00-\x1f\x7f]/g, '')
    .trim()
    .slice(0, max);
  return s.length > 0 ? s : null;
};

export interface Referrer {
  host: string;
  /** Scheme, host and path; no query, no fragment; at most REFERRER_URL_MAX characters. */
  url: string;
}

function parseReferrer(referer: string): Referrer | null {
  try {
    const u = new URL(referer);
    if (!u.hostname || (u.protocol !== 'http:' && u.protocol !== 'https:' && u.protocol !== 'android-app:')) return null;
    const host = u.hostname.toLowerCase().slice(0, 253);
    const url = clean(`${u.protocol}//${u.host.toLowerCase()}${u.pathname}`, REFERRER_URL_MAX);
    return url ? { host, url } : null;
  } catch {
    return null;
  }
}

const referrers = new Memo(parseReferrer, CACHE_SIZE, CACHE_KEY_MAX);

/** The Referer header as recorded, or null (a direct visit). */
export function referrerOf(referer: string | undefined): Referrer | null {
  return referer ? referrers.get(referer) : null;
}

/** Host of a Referer header, or null. */
export function referrerHost(referer: string | undefined): string | null {
  return referrerOf(referer)?.host ?? null;
}

function parseLanguage(header: string): string | null {
  const first = header.split(',')[0]!.split(';')[0]!.trim();
  const primary = first.split('-')[0]!.toLowerCase();
  return /^[a-z]{2,8}$/.test(primary) ? primary : null;
}

const languages = new Memo(parseLanguage, CACHE_SIZE, 256);

/** The primary subtag of the first Accept-Language entry, lower case (de-DE,de;q=0.9 -> de); null when none. */
export function languageOf(header: string | undefined): string | null {
  return header ? languages.get(header) : null;
}

export interface Utm {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  term: string | null;
  content: string | null;
}

const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;

/** UTM parameters of a query string (without `?`); null when it has none. */
export function utmOfQuery(query: string): Utm | null {
  if (!query.includes('utm_')) return null;
  const p = new URLSearchParams(query);
  const out: Utm = { source: null, medium: null, campaign: null, term: null, content: null };
  let any = false;
  for (const k of UTM_KEYS) {
    const v = p.get(`utm_${k}`);
    if (v !== null) {
      out[k] = clean(v, UTM_MAX);
      any ||= out[k] !== null;
    }
  }
  return any ? out : null;
}

function utmOfUrl(url: string): Utm | null {
  const q = url.indexOf('?');
  if (q < 0) return null;
  const hash = url.indexOf('#', q);
  return utmOfQuery(url.slice(q + 1, hash < 0 ? undefined : hash));
}

const targets = new Memo(utmOfUrl, CACHE_SIZE, 8192);

/**
 * UTM parameters of a target URL (each distinct target with any parsed once). A target without
 * `utm_` anywhere has none: answered by one scan of the string, without the memo, whose 10,000
 * entries would otherwise churn (a lookup, an insert and a random eviction per visit) when more
 * distinct targets than that are visited (docs/adr/0192).
 */
export function utmOfTarget(url: string): Utm | null {
  return url.includes('utm_') ? targets.get(url) : null;
}

/** Each UTM parameter from the visited URL, else from the target (either may be null). */
export function mergeUtm(visited: Utm | null, target: Utm | null): Utm | null {
  if (!visited || !target) return visited ?? target;
  return {
    source: visited.source ?? target.source,
    medium: visited.medium ?? target.medium,
    campaign: visited.campaign ?? target.campaign,
    term: visited.term ?? target.term,
    content: visited.content ?? target.content,
  };
}

/**
 * The query string a redirect passes on and whether the visit came from a QR code: `qr=1` marks a
 * QR code's visit and is removed (the target never sees it).
 */
export function splitTrigger(query: string): { query: string; qr: boolean } {
  if (!query.includes('qr=1')) return { query, qr: false };
  const parts = query.split('&');
  const kept = parts.filter((p) => p !== 'qr=1');
  return kept.length === parts.length ? { query, qr: false } : { query: kept.join('&'), qr: true };
}

/** The query string of a request URL a redirect passes on (without `qr=1`), or null without a query. */
export function passedQuery(url: string | undefined): { query: string; qr: boolean } | null {
  const q = (url ?? '/').indexOf('?');
  return q >= 0 ? splitTrigger(url!.slice(q + 1)) : null;
}
