import { describe, expect, it } from 'vitest';
import type { Visit } from '../../src/redirect/click-recorder.js';
import { classify } from '../../src/redirect/user-agent.js';
import { WaitingEvents } from '../../src/redirect/waiting-events.js';
import { ClickQueue } from '../../src/webhooks/click-queue.js';

const T = Date.parse('2026-11-21T10:59:59.250Z');
const CHROME = classify('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36');

const visit = (linkId: string, workspaceId: string, atMs: number, country: string | null, referrer: string | null): Visit => ({
  linkId,
  workspaceId,
  domain: 'sho.rt',
  atMs,
  visitor: CHROME,
  country,
  region: null,
  city: null,
  referrer,
  referrerUrl: referrer && `https://${referrer}/`,
  utm: null,
  trigger: 'link',
  language: null,
  variant: null,
});

describe('click events waiting for the flush, column by column', () => {
  it('gives them back as the store takes them, in order, times to the millisecond, and holds none after', () => {
    const w = new WaitingEvents();
    w.push(T, 'lnk_a', 'wsp_1', 'k1');
    w.push(T + 1, 'lnk_b', 'wsp_2', 'k2');
    w.push(T + 2, 'lnk_a', 'wsp_1', 'k1');
    expect(w.length).toBe(3);
    expect(w.take()).toEqual([
      { at: T, linkId: 'lnk_a', workspaceId: 'wsp_1', combo: 'k1' },
      { at: T + 1, linkId: 'lnk_b', workspaceId: 'wsp_2', combo: 'k2' },
      { at: T + 2, linkId: 'lnk_a', workspaceId: 'wsp_1', combo: 'k1' },
    ]);
    expect(w.length).toBe(0);
    expect(w.take()).toEqual([]);
    w.push(T + 3, 'lnk_c', 'wsp_1', 'k3');
    expect(w.take()).toEqual([{ at: T + 3, linkId: 'lnk_c', workspaceId: 'wsp_1', combo: 'k3' }]);
  });
});

describe('clicks waiting for link.clicked, column by column', () => {
  it('gives each workspace its clicks in order of arrival with what the body says of them, and holds none after', () => {
    const q = new ClickQueue();
    q.push(visit('lnk_a', 'wsp_1', T, 'DE', 'news.example'));
    q.push(visit('lnk_b', 'wsp_2', T + 5, null, null));
    q.push(visit('lnk_c', 'wsp_1', T + 9, 'FR', null));
    expect(q.length).toBe(3);
    const taken = q.take();
    expect(q.length).toBe(0);
    expect([...taken.byWorkspace.keys()]).toEqual(['wsp_1', 'wsp_2']);
    const clicks = (ws: string) => taken.byWorkspace.get(ws)!.map((i) => taken.click(i));
    expect(clicks('wsp_1')).toEqual([
      { linkId: 'lnk_a', atMs: T, country: 'DE', visitor: CHROME, referrer: 'news.example' },
      { linkId: 'lnk_c', atMs: T + 9, country: 'FR', visitor: CHROME, referrer: null },
    ]);
    expect(clicks('wsp_2')).toEqual([{ linkId: 'lnk_b', atMs: T + 5, country: null, visitor: CHROME, referrer: null }]);
    // What arrives after a take waits for the next one.
    q.push(visit('lnk_d', 'wsp_2', T + 20, 'IT', null));
    expect(q.take().byWorkspace.get('wsp_2')).toEqual([0]);
    expect(q.take().byWorkspace.size).toBe(0);
  });
});
