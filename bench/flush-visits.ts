/** The flush bench's visits: one visit on each of n distinct link-hours, half in the previous hour, each also an event. */
import type { ClickRecorder, Visit } from '../src/redirect/click-recorder.js';
import { classify } from '../src/redirect/user-agent.js';
import { HOUR_MS } from '../src/storage/clicks/repository.js';
import { visitOf } from '../test/support/visit.js';
import { BROWSER_UA, DOMAIN } from './fixtures.js';

const COUNTRIES = ['DE', 'US', 'FR', 'GB', 'JP'];

/** A person's visit of no link yet, in this workspace, now: a browser, no country, in English. */
export function benchVisit(workspaceId: string): Visit {
  return visitOf('', classify(BROWSER_UA), { workspaceId, domain: DOMAIN, atMs: Date.now(), country: null, language: 'en' });
}

/** Count n visits, of links `${prefix}${i}`, half an hour back, in one of five countries by turn. */
export function countVisits(recorder: ClickRecorder, workspaceId: string, n: number, prefix: string): void {
  const visit = benchVisit(workspaceId);
  const now = visit.atMs;
  for (let i = 0; i < n; i++) recorder.count({ ...visit, linkId: `${prefix}${i}`, atMs: now - (i % 2) * HOUR_MS, country: COUNTRIES[i % COUNTRIES.length]! });
}
