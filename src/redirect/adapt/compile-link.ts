import { isLoopbackHost, isWildcard, shortUrl } from '../../domain/field-rules.js';
import type { Preview } from '../../domain/preview-schemas.js';
import type { Utm } from '../../domain/utm-schemas.js';
import { withUtm } from '../../domain/utm-url.js';
import type { RedirectTarget } from '../../storage/links/repository.js';
import type { Site } from '../sites.js';
import { type CompiledRules, compileRules } from './compile-rules.js';
import type { SharedRules } from './shared-rules.js';
import { VariantDraw } from './variants.js';

/** What a cached link holds for steps 3 and 6 of a redirect, wildcards, previews and its domain's settings. */
export interface AdaptiveParts {
  /** Compiled rules (step 3), or null. */
  rules: CompiledRules | null;
  /** The variant draw (step 6), or null. */
  variants: VariantDraw | null;
  preview: Preview | null;
  /** The link's title (a preview's fallback title). */
  title: string | null;
  /** A wildcard alias (`help/*`): the rest of the visited path goes into the target. */
  wildcard: boolean;
  /** Redirects carry X-Robots-Tag: noindex (the domain is not crawlable). */
  noindex: boolean;
  crawlable: boolean;
}

const PLACEHOLDER = '{path}';
const SENTINEL = 'lsk0path0placeholder';

/**
 * A target URL as the redirect sends it, worked out once: the link's UTM values set, then made safe
 * for a Location header by `safe` (non-ASCII percent-encoded), a wildcard's `{path}` kept intact.
 */
export function targetOf(url: string, utm: Utm | null, safe: (url: string) => string): string {
  const u = withUtm(url, utm);
  if (!u.includes(PLACEHOLDER)) return safe(u);
  return safe(u.replaceAll(PLACEHOLDER, SENTINEL)).replaceAll(SENTINEL, PLACEHOLDER);
}

/**
 * Compile what a link needs beyond device and country targets (nothing at all for a link that sets
 * none of it); its rules from `shared` when given (one copy per distinct rule list and UTM values).
 */
export function adaptiveParts(link: RedirectTarget, site: Site, target: (url: string) => string, shared?: SharedRules): AdaptiveParts {
  const wildcard = isWildcard(link.alias);
  const path = `/${wildcard ? link.alias.slice(0, -2) : link.alias}`;
  return {
    rules: link.rules === null ? null : shared ? shared.of(link.rules, link.utm, target) : compileRules(link.rules, target),
    variants:
      link.variants === null
        ? null
        : new VariantDraw(
            link.id,
            link.variants,
            link.variants.map((v) => target(v.url)),
            path,
            !isLoopbackHost(link.domain),
          ),
    preview: link.preview,
    title: link.title,
    wildcard,
    noindex: !site.crawlable,
    crawlable: site.crawlable,
  };
}

/** The short URL a visit used (a wildcard link's visitors each use their own). */
export function visitedUrl(domain: string, path: string): string {
  return shortUrl(domain, path);
}
