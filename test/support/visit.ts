import type { Visit } from '../../src/redirect/click-recorder.js';

/** A person's visit as the click recorder counts it: workspace wsp_1, from Germany, no referrer, UTM or language; `over` changes any of it. */
export function visitOf(linkId: string, visitor: Visit['visitor'], over: Partial<Visit> = {}): Visit {
  return {
    linkId,
    workspaceId: 'wsp_1',
    domain: 'go.example',
    atMs: 0,
    visitor,
    country: 'DE',
    region: null,
    city: null,
    referrer: null,
    referrerUrl: null,
    utm: null,
    trigger: 'link',
    language: null,
    variant: null,
    ...over,
  };
}
