/**
 * The analytics overview keeps its whole view in the address: parsing and writing it back are
 * inverse, defaults stay out of it, filters are IN or NOT IN per field (as the API takes them),
 * clicks on rows toggle values, and the presets mean the windows the API reads.
 */
import { describe, expect, it } from 'vitest';
import { intervalOf, windowOf } from '../../dashboard/src/analytics/dates.js';
import { sharedViewUrl, shareScope, shareTarget } from '../../dashboard/src/analytics/share-target.js';
import { apiFilter, invertField, parseView, toggleValue, viewSearch, withoutField } from '../../dashboard/src/analytics/view-state.js';

const view = (s: string) => parseView(new URLSearchParams(s));

describe('the overview state in the address', () => {
  it('reads and writes every setting, leaving defaults out', () => {
    const s =
      '?range=custom&from=2026-01-01&to=2026-01-31&tz=Europe%2FBerlin&interval=week&geo=cities&utm=utm_campaigns&country=DE&country=FR&device=%21mobile';
    const v = view(s);
    expect(v).toEqual({
      range: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
      tz: 'Europe/Berlin',
      interval: 'week',
      tabs: { geo: 'cities', utm: 'utm_campaigns' },
      filters: { country: { values: ['DE', 'FR'], exclude: false }, device: { values: ['mobile'], exclude: true } },
    });
    expect(viewSearch(v)).toBe(s);
    expect(viewSearch(view(''))).toBe('');
    expect(viewSearch(view('?range=30d&geo=countries'))).toBe('');
  });

  it('reads a filter that both keeps and leaves out values as not readable, not as a value (the API refuses the mix)', () => {
    // Hand-edited: a list in one value, or kept and left-out values side by side.
    for (const s of ['?country=DE,!US', '?country=DE&country=!US', '?country=!US&country=DE']) {
      const v = view(s);
      expect(v.filters, s).toEqual({});
      expect(v.mixed, s).toEqual({ country: new URLSearchParams(s).getAll('country') });
      // Written back as it was, so removing another filter does not drop it unsaid.
      expect(viewSearch(v), s).toBe(`?${new URLSearchParams(s).toString()}`);
    }
    const both = view('?country=DE,!US&device=!mobile');
    expect(both.filters).toEqual({ device: { values: ['mobile'], exclude: true } });
    expect(viewSearch({ ...both, mixed: {} })).toBe('?device=%21mobile');
    // A left-out value that holds a comma is one value, as the dashboard writes it.
    expect(view('?city=%21Washington%2C+D.C.').filters).toEqual({ city: { values: ['Washington, D.C.'], exclude: true } });
    expect(view('?city=%21Washington%2C+D.C.').mixed).toBeUndefined();
  });

  it('falls back to the defaults for values it does not know', () => {
    expect(view('?range=5y&interval=minute&geo=planets')).toEqual({ range: '30d', filters: {}, tabs: {} });
    expect(view('?range=custom&from=2026-02-01&to=2026-01-01').range).toBe('30d');
    expect(view('?range=custom&from=yesterday&to=2026-01-01').range).toBe('30d');
  });

  it('falls back to the defaults for a shared address the API would refuse, instead of failing every panel', () => {
    for (const from of ['2026-02-30', '2026-13-01', '2026-01-32', '2026-00-10']) expect(view(`?range=custom&from=${from}&to=2026-03-01`).range).toBe('30d');
    expect(view('?range=custom&from=2024-01-01&to=2026-11-28').range).toBe('30d');
    expect(view('?range=custom&from=2025-01-01&to=2026-02-04')).toMatchObject({ range: 'custom', from: '2025-01-01', to: '2026-02-04' });
    expect(view('?tz=Mars%2FBase').tz).toBeUndefined();
    expect(view('?tz=America%2FNew_York').tz).toBe('America/New_York');
  });

  it('keeps what it set aside, so the view can say why it shows the defaults instead', () => {
    expect(view('?range=custom&from=2026-02-01&to=2026-01-01').ignored).toEqual({
      range: { from: '2026-02-01', to: '2026-01-01', why: 'the first day is after the last' },
    });
    expect(view('?range=custom&from=2024-01-01&to=2026-11-28').ignored).toEqual({
      range: { from: '2024-01-01', to: '2026-11-28', why: 'that is more than the 400 days analytics reads' },
    });
    expect(view('?range=custom&from=2026-02-30&to=2026-03-01').ignored?.range?.why).toBe('2026-02-30 is not a date');
    expect(view('?range=custom&to=2026-03-01').ignored?.range?.why).toBe('the first day is missing');
    expect(view('?tz=Mars%2FBase').ignored).toEqual({ tz: 'Mars/Base' });
    expect(view('?range=custom&from=2025-01-01&to=2026-02-04&tz=UTC').ignored).toBeUndefined();
    expect(view('?range=7d').ignored).toBeUndefined();
  });

  it('keeps a field either included or excluded: mixed values are not read as a filter (below)', () => {
    expect(view('?country=DE&country=%21US').filters).toEqual({});
    expect(view('?country=DE&country=DE').filters.country?.values).toEqual(['DE']);
  });

  it("reads the link page's old `link` parameter as a link filter", () => {
    expect(view('?link=lnk_1').filters).toEqual({ link_id: { values: ['lnk_1'], exclude: false } });
  });

  it('toggles values, switches and removes fields, and hands the API its filter', () => {
    let f = toggleValue({}, 'country', 'DE', false);
    f = toggleValue(f, 'country', 'FR', false);
    expect(f).toEqual({ country: { values: ['DE', 'FR'], exclude: false } });
    expect(toggleValue(f, 'country', 'DE', false)).toEqual({ country: { values: ['FR'], exclude: false } });
    expect(toggleValue(f, 'country', 'US', true), 'excluding replaces the included values').toEqual({ country: { values: ['US'], exclude: true } });
    expect(toggleValue(toggleValue({}, 'os', 'iOS', false), 'os', 'iOS', false)).toEqual({});
    const inverted = invertField(f, 'country');
    expect(inverted.country).toEqual({ values: ['DE', 'FR'], exclude: true });
    expect(apiFilter({ ...inverted, trigger: { values: ['qr'], exclude: false } }, { link_id: { values: ['lnk_1'], exclude: false } })).toEqual({
      country: { not_in: ['DE', 'FR'] },
      trigger: { in: ['qr'] },
      link_id: { in: ['lnk_1'] },
    });
    expect(apiFilter(withoutField(f, 'country'))).toBeNull();
  });
});

describe('the presets', () => {
  const NOW = new Date('2026-11-25T23:30:00Z');

  it('are whole local days ending today in the zone, or the last 24 whole hours', () => {
    expect(windowOf('7d', 'Europe/Berlin', {}, NOW)).toEqual({ from: '2026-11-20', to: '2026-11-26', days: 7 });
    expect(windowOf('1y', 'UTC', {}, NOW)).toEqual({ from: '2025-11-26', to: '2026-11-25', days: 365 });
    expect(windowOf('all', 'UTC', {}, NOW).days).toBe(400);
    expect(windowOf('24h', 'UTC', {}, NOW)).toEqual({ from: '2026-11-25T00:00:00.000Z', to: '2026-11-26T00:00:00.000Z', days: 1 });
    expect(windowOf('custom', 'UTC', { from: '2026-01-01', to: '2026-01-31' }, NOW)).toEqual({ from: '2026-01-01', to: '2026-01-31', days: 31 });
  });

  it('pick a bucket size, and never hours over more than 31 days', () => {
    expect(intervalOf('24h', undefined, 1)).toBe('hour');
    expect(intervalOf('30d', undefined, 30)).toBe('day');
    expect(intervalOf('1y', undefined, 365)).toBe('month');
    expect(intervalOf('90d', 'hour', 90)).toBe('day');
    expect(intervalOf('custom', undefined, 2)).toBe('hour');
    expect(intervalOf('custom', undefined, 200)).toBe('month');
  });
});

describe('a share made from a view (docs/adr/0237)', () => {
  const url = 'https://lsk.example/dashboard/share/abc';
  it('opens on that view: period, interval, comparison, tabs and filters, the zone named even when it was the browser one', () => {
    const v = view('range=90d&interval=day&compare=previous&geo=cities&country=DE&device=!bot');
    expect(sharedViewUrl(url, v, shareTarget(undefined, v.filters), 'Europe/Berlin')).toBe(
      `${url}?range=90d&tz=Europe%2FBerlin&interval=day&compare=previous&geo=cities&country=DE&device=%21bot`,
    );
    const custom = view('range=custom&from=2026-10-01&to=2026-10-31&tz=Asia%2FTokyo');
    expect(sharedViewUrl(url, custom, shareTarget(undefined, custom.filters), 'UTC')).toBe(`${url}?range=custom&from=2026-10-01&to=2026-10-31&tz=Asia%2FTokyo`);
  });
  it('covers one link when the view looks at one, named as people name it; a share list names its links so too', () => {
    const name = (id: string) => (id === 'lnk_1' ? 'Spring sale' : id);
    const one = view('link_id=lnk_1&range=7d');
    expect(shareTarget(undefined, one.filters, name)).toEqual({ link_id: 'lnk_1', what: 'the link “Spring sale”' });
    expect(sharedViewUrl(url, one, shareTarget(undefined, one.filters, name), 'UTC')).toBe(`${url}?range=7d&tz=UTC`);
    for (const wider of ['link_id=lnk_1&link_id=lnk_2', 'link_id=!lnk_1', 'link_id=lnk_1&country=DE'])
      expect(shareTarget(undefined, view(wider).filters, name).what).toBe('the whole workspace');
    expect(shareScope({ link_id: 'lnk_1' }, undefined, name)).toBe('Link “Spring sale”');
    expect(shareScope({ link_id: 'lnk_1' }, 'lnk_1', name)).toBe('This link');
  });
  it('leaves out the filter the share itself is, and what the address held that the view set aside', () => {
    const tag = view('tag=spring&tz=UTC');
    expect(sharedViewUrl(url, tag, shareTarget(undefined, tag.filters), 'UTC')).toBe(`${url}?tz=UTC`);
    const link = view('link_id=lnk_1&country=FR');
    expect(sharedViewUrl(url, link, shareTarget('lnk_1', link.filters), 'UTC')).toBe(`${url}?tz=UTC&country=FR`);
    const odd = view('country=DE&country=!US&tz=Not%2FAZone');
    expect(sharedViewUrl(url, odd, shareTarget(undefined, odd.filters), 'UTC')).toBe(`${url}?tz=UTC`);
  });
});
