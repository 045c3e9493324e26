/** Filter parsing, combination keys and judging, the sheet plan's bucket maths, earlier rollups' pairing, and what a visit records. */
import { describe, expect, it } from 'vitest';
import { clickFilterSchema, restAnalyticsVariables, restFilterParamSchema } from '../../src/domain/analytics-schemas.js';
import { languageOf, mergeUtm, passedQuery, referrerOf, splitTrigger, utmOfQuery } from '../../src/redirect/visit-facts.js';
import { comboJudge, comboKey, decodeCombo } from '../../src/storage/clicks/combos.js';
import { bucketFinder, planWindow, runs } from '../../src/storage/clicks/engine/plan.js';
import { legacyCombos } from '../../src/storage/clicks/legacy.js';

const H = 3_600_000;
const DAY = 24 * H;
const parse = (v: string) => restFilterParamSchema.safeParse(v);
const messages = (v: string) => {
  const r = parse(v);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('filter parameters', () => {
  it('reads a comma list as IN and an all-! list as NOT IN', () => {
    expect(parse('DE,FR').data).toEqual({ in: ['DE', 'FR'] });
    expect(parse('!DE,!FR').data).toEqual({ not_in: ['DE', 'FR'] });
    expect(parse('(direct)').data).toEqual({ in: ['(direct)'] });
  });

  it('refuses a mix, empty items, an empty parameter, over 100 values and overlong ones', () => {
    expect(messages('DE,!FR')).toEqual(['mixes included and excluded (!) values: list only one kind']);
    expect(messages('')).toEqual(['item 1 must not be empty']);
    expect(messages('DE,,FR')).toEqual(['item 2 must not be empty']);
    expect(messages('!')).toEqual(['item 1 must not be empty']);
    expect(messages(Array.from({ length: 101 }, (_, i) => `v${i}`).join(','))).toEqual(['must list at most 100 values']);
    expect(messages(`https://a.example/${'x'.repeat(500)}`)).toEqual(['item 1 must be at most 500 characters']);
  });

  it('gathers the filter parameters into the GraphQL filter argument', () => {
    expect(restAnalyticsVariables({ group_by: 'devices', country: { in: ['DE'] }, link_id: { not_in: ['lnk_a'] }, format: 'csv', limit: 5 })).toEqual({
      group_by: 'devices',
      limit: 5,
      filter: { country: { in: ['DE'] }, link_id: { not_in: ['lnk_a'] } },
    });
    expect(clickFilterSchema.safeParse({ country: { in: [] } }).success).toBe(false);
    expect(clickFilterSchema.safeParse({ planet: { in: ['Mars'] } }).success).toBe(false);
    expect(clickFilterSchema.safeParse({ country: { in: ['DE'], not_in: ['FR'] } }).success).toBe(true);
  });
});

describe('combinations', () => {
  it('encode every recorded value and read back; a filter and groupings judge them', () => {
    const key = comboKey(false, { country: 'DE', continent: 'EU', city: 'Berlin', device: 'mobile', trigger: 'qr', domain: 'go.example' });
    expect(decodeCombo(key)).toMatchObject({ bot: false, values: { country: 'DE', city: 'Berlin', referrer: null, trigger: 'qr', domain: 'go.example' } });
    const judge = comboJudge({ country: { in: ['DE'] }, referrer: { in: ['(direct)'] }, city: { not_in: ['Munich'] } }, ['referrer', 'region', 'link']);
    expect(judge(key)).toEqual({ bot: false, pass: true, keys: ['(direct)', null, null] });
    expect(judge(comboKey(false, { country: 'FR', domain: 'go.example' })).pass).toBe(false);
    expect(judge(comboKey(false, { country: 'DE', city: 'Munich', domain: 'go.example' })).pass).toBe(false);
    // NOT IN keeps a click without a value; IN never matches one.
    expect(comboJudge({ country: { not_in: ['DE'] } }, [])(comboKey(false, {})).pass).toBe(true);
    expect(comboJudge({ country: { in: ['DE'] } }, [])(comboKey(false, {})).pass).toBe(false);
    expect(comboJudge(null, [])(comboKey(true, { domain: 'x' }))).toEqual({ bot: true, pass: true, keys: [] });
  });

  it('pairs the per-dimension counts of earlier rollups largest with largest, keeping every marginal', () => {
    const combos = legacyCombos(
      10,
      2,
      {
        country: [
          ['DE', 6],
          ['FR', 3],
        ],
        referrer: [['news.example', 4]],
        device: [
          ['desktop', 7],
          ['mobile', 3],
        ],
      },
      'go.example',
    );
    const sum = (field: 'country' | 'referrer' | 'device', value: string | null) =>
      [...combos].filter(([k]) => k.startsWith('h') && decodeCombo(k).values[field] === value).reduce((s, [, n]) => s + n, 0);
    expect([sum('country', 'DE'), sum('country', 'FR'), sum('country', null)]).toEqual([6, 3, 1]);
    expect([sum('referrer', 'news.example'), sum('referrer', null)]).toEqual([4, 6]);
    expect([sum('device', 'desktop'), sum('device', 'mobile')]).toEqual([7, 3]);
    expect([...combos].filter(([k]) => k.startsWith('b'))).toEqual([[comboKey(true, { trigger: 'link', domain: 'go.example' }), 2]]);
    expect(decodeCombo([...combos.keys()][0]!).values).toMatchObject({ country: 'DE', continent: 'EU', referrer: 'news.example', device: 'desktop' });
  });
});

describe('the sheet plan', () => {
  const start = Date.parse('2026-01-30T05:00:00Z');
  const end = Date.parse('2026-04-02T07:00:00Z');

  it('reads whole months, whole days and hours at the ends when there is one bucket', () => {
    const p = planWindow(start, end, bucketFinder(undefined));
    expect(p.months.map((m) => new Date(m.period).toISOString().slice(0, 7))).toEqual(['2026-02', '2026-03']);
    expect(p.days.map((d) => new Date(d.period).toISOString().slice(0, 10))).toEqual(['2026-01-31', '2026-04-01']);
    expect(p.partial.map((d) => [new Date(d.period).toISOString().slice(0, 10), [...d.hours.keys()]])).toEqual([
      ['2026-01-30', Array.from({ length: 19 }, (_, i) => i + 5)],
      ['2026-04-02', [0, 1, 2, 3, 4, 5, 6]],
    ]);
  });

  it('splits months and days a bucket boundary cuts (days of another time zone), and puts each hour in its bucket', () => {
    // Local days of UTC+01:00: every UTC day holds the last hour of one local day and 23 of the next.
    const starts = Array.from({ length: 5 }, (_, i) => Date.parse('2026-03-01T23:00:00Z') + i * DAY);
    const p = planWindow(starts[0]!, starts[4]!, bucketFinder(starts));
    expect(p.months).toEqual([]);
    expect(p.days).toEqual([]);
    expect(p.partial).toHaveLength(5);
    expect([...p.partial[0]!.hours]).toEqual([[23, 0]]);
    expect([...p.partial[1]!.hours].filter(([, b]) => b === 0)).toHaveLength(23);
    expect([...p.partial[1]!.hours].filter(([, b]) => b === 1)).toEqual([[23, 1]]);
    // UTC days inside one UTC week bucket are whole days.
    const weeks = [Date.parse('2026-03-02T00:00:00Z'), Date.parse('2026-03-09T00:00:00Z')];
    const w = planWindow(weeks[0]!, weeks[1]! + 7 * DAY, bucketFinder(weeks));
    expect(w.days.map((d) => d.bucket)).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1]);
    expect(bucketFinder(weeks)(weeks[0]! - 1)).toBe(-1);
  });

  it('reads consecutive periods in runs', () => {
    expect(runs([1, 2, 3, 7, 8], (p) => p + 1, 2)).toEqual([
      [1, 3],
      [3, 4],
      [7, 9],
    ]);
  });
});

describe('what a visit records', () => {
  it('keeps the referrer without query or fragment, the language subtag, UTM parameters and the QR mark', () => {
    expect(referrerOf('https://News.Example/a/b?c=1#d')).toEqual({ host: 'news.example', url: 'https://news.example/a/b' });
    expect(referrerOf(`https://x.example/${'p'.repeat(600)}`)!.url).toHaveLength(500);
    expect(referrerOf('javascript:alert(1)')).toBeNull();
    expect([languageOf('de-DE,de;q=0.9'), languageOf('EN'), languageOf('*'), languageOf(undefined)]).toEqual(['de', 'en', null, null]);
    const visited = utmOfQuery('utm_source=nl&utm_campaign=spring&x=1');
    expect(visited).toEqual({ source: 'nl', medium: null, campaign: 'spring', term: null, content: null });
    expect(mergeUtm(visited, utmOfQuery('utm_source=other&utm_medium=email'))).toEqual({
      source: 'nl',
      medium: 'email',
      campaign: 'spring',
      term: null,
      content: null,
    });
    expect(utmOfQuery(`utm_term=${'t'.repeat(150)}`)!.term).toHaveLength(100);
    expect(splitTrigger('a=1&qr=1&b=2')).toEqual({ query: 'a=1&b=2', qr: true });
    expect([passedQuery('/spring?qr=1&x=2'), passedQuery('/spring?x=2'), passedQuery('/spring')]).toEqual([
      { query: 'x=2', qr: true },
      { query: 'x=2', qr: false },
      null,
    ]);
    expect(splitTrigger('qr=10')).toEqual({ query: 'qr=10', qr: false });
  });
});
