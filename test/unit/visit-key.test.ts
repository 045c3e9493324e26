/**
 * The recorder's combination key: what it holds, and that the key a visitor's last visit left (reused
 * when the facts are the same) never stands in for a visit whose facts differ.
 */
import { describe, expect, it } from 'vitest';
import { classify } from '../../src/redirect/user-agent.js';
import { type Visit, visitKey } from '../../src/redirect/visit-key.js';
import { decodeCombo } from '../../src/storage/clicks/combos.js';

const CHROME = classify('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36');
const IPHONE = classify(
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
);
const BOT = classify('Googlebot/2.1');

/** One object, as the target-UTM memo hands the same one out for every visit of a target. */
const UTM = { source: 'mail', medium: null, campaign: 'spring', term: null, content: null };

const visit = (over: Partial<Visit> = {}): Visit => ({
  linkId: 'lnk_1',
  workspaceId: 'ws_1',
  domain: 'go.example',
  atMs: 0,
  visitor: CHROME,
  country: 'DE',
  region: 'DE-BE',
  city: 'Berlin',
  referrer: 'news.example',
  referrerUrl: 'https://news.example/a',
  utm: UTM,
  trigger: 'link',
  language: 'de',
  variant: null,
  ...over,
});

describe('visitKey', () => {
  it('holds every recorded value in field order; bots keep no device, browser or OS', () => {
    const c = decodeCombo(visitKey(visit()));
    expect(c.bot).toBe(false);
    expect(c.values).toMatchObject({
      country: 'DE',
      continent: 'EU',
      region: 'DE-BE',
      city: 'Berlin',
      referrer: 'news.example',
      referrer_url: 'https://news.example/a',
      device: 'desktop',
      browser: 'Chrome',
      os: 'Windows',
      utm_source: 'mail',
      utm_medium: null,
      utm_campaign: 'spring',
      trigger: 'link',
      language: 'de',
      variant: null,
      domain: 'go.example',
    });
    const b = decodeCombo(visitKey(visit({ visitor: BOT })));
    expect(b.bot).toBe(true);
    expect(b.values).toMatchObject({ device: null, browser: null, os: null, country: 'DE' });
  });

  it("gives the visitor's last key only while every fact is the same, and tells each fact apart", () => {
    const first = visitKey(visit({ linkId: 'lnk_a', atMs: 1 }));
    // Another link and time (not part of the key), the same facts: the same key.
    expect(visitKey(visit({ linkId: 'lnk_b', atMs: 2 }))).toBe(first);
    const changes: Partial<Visit>[] = [
      { country: 'FR' },
      { region: null },
      { city: 'Potsdam' },
      { referrer: null },
      { referrerUrl: 'https://news.example/b' },
      { utm: { source: 'mail', medium: null, campaign: 'spring', term: null, content: 'x' } },
      { utm: null },
      { trigger: 'qr' },
      { language: 'en' },
      { variant: 'b' },
      { domain: 'other.example' },
      { visitor: IPHONE },
    ];
    for (const change of changes) {
      const k = visitKey(visit(change));
      expect(k).not.toBe(first);
      const [field, value] = Object.entries(change)[0]!;
      const values = decodeCombo(k).values as Record<string, string | null>;
      if (field === 'visitor') expect(values.os).toBe('iOS');
      else if (field === 'utm') expect(values.utm_content).toBe(value === null ? null : 'x');
      else expect(values[{ referrerUrl: 'referrer_url' }[field] ?? field]).toBe(value);
      // Back to the first facts: the first key again.
      expect(visitKey(visit())).toBe(first);
    }
  });
});
