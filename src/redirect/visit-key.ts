import { continentOf } from '../domain/continents.js';
import { SEP } from '../storage/clicks/combos.js';
import type { Visitor } from './user-agent.js';
import type { Utm } from './visit-facts.js';

/** One visit, as the redirect hands it over: what a click records (docs/adr/0092). */
export interface Visit {
  linkId: string;
  workspaceId: string;
  /** The link's domain at the time of the visit. */
  domain: string;
  atMs: number;
  visitor: Visitor;
  country: string | null;
  /** ISO 3166-2 (DE-BE). */
  region: string | null;
  city: string | null;
  /** Referrer host. */
  referrer: string | null;
  referrerUrl: string | null;
  utm: Utm | null;
  trigger: 'qr' | 'link';
  language: string | null;
  /** The A/B variant the visitor was sent to (null: the link has none). */
  variant: string | null;
}

/** The facts of a visit its combination key is made of, besides the visitor. */
type KeyFacts = Pick<Visit, 'country' | 'region' | 'city' | 'referrer' | 'referrerUrl' | 'utm' | 'trigger' | 'language' | 'variant' | 'domain'>;

/** The key last made for a visitor (by its memoized object), with the facts it was made of. */
const lastKeys = new WeakMap<Visitor, KeyFacts & { key: string }>();

const sameFacts = (a: KeyFacts, b: KeyFacts): boolean =>
  a.country === b.country &&
  a.region === b.region &&
  a.city === b.city &&
  a.referrer === b.referrer &&
  a.referrerUrl === b.referrerUrl &&
  a.utm === b.utm &&
  a.trigger === b.trigger &&
  a.language === b.language &&
  a.variant === b.variant &&
  a.domain === b.domain;

/**
 * The visit's combination key (combos.ts): its recorded values in CLICK_FIELDS order. Bots keep no
 * device, browser or OS. A visit with the same facts as the last one of its visitor (the same
 * User-Agent: one memoized object; the same UTM object, the same strings) reuses that visit's key
 * string instead of joining 19 values again: the recorder's maps then find it by a hash already
 * computed, and the events waiting for the flush share one string instead of holding a copy each.
 */
export function visitKey(v: Visit): string {
  const last = lastKeys.get(v.visitor);
  if (last !== undefined && sameFacts(last, v)) return last.key;
  const key = keyOf(v);
  const { country, region, city, referrer, referrerUrl, utm, trigger, language, variant, domain } = v;
  lastKeys.set(v.visitor, { country, region, city, referrer, referrerUrl, utm, trigger, language, variant, domain, key });
  return key;
}

function keyOf(v: Visit): string {
  const w = v.visitor;
  const u = v.utm;
  const s = SEP;
  return `${w.bot ? 'b' : 'h'}${s}${v.country ?? ''}${s}${continentOf(v.country) ?? ''}${s}${v.region ?? ''}${s}${v.city ?? ''}${s}${v.referrer ?? ''}${s}${
    v.referrerUrl ?? ''
  }${s}${w.bot ? '' : w.device}${s}${w.bot ? '' : (w.browser ?? '')}${s}${w.bot ? '' : (w.os ?? '')}${s}${u?.source ?? ''}${s}${u?.medium ?? ''}${s}${
    u?.campaign ?? ''
  }${s}${u?.term ?? ''}${s}${u?.content ?? ''}${s}${v.trigger}${s}${v.language ?? ''}${s}${v.variant ?? ''}${s}${v.domain}`;
}
