import type { RedirectTarget } from '../../src/storage/links/repository.js';

/** A plain link as the redirect reads it (no expiry, cap, password, targets, rules, variants, UTM or preview), with `over` applied. */
export function plainTarget(over: Partial<RedirectTarget> = {}): RedirectTarget {
  return {
    id: 'lnk_1',
    workspaceId: 'wsp_1',
    domain: 'a.test',
    alias: 'a',
    title: null,
    destination: 'https://a.test',
    geoTargeting: {},
    deviceTargeting: {},
    expiresAt: null,
    expiredUrl: null,
    maxClicks: null,
    passwordHash: null,
    rules: null,
    variants: null,
    utm: null,
    preview: null,
    ...over,
  };
}
