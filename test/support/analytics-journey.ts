/**
 * What the analytics overview journey (test/e2e/dashboard-analytics.test.ts) seeds and reads: two
 * links and 26 people's visits (and a bot's) with browser user agents, places from trusted headers,
 * languages, referrers, UTM parameters and QR scans; the page's totals, regions and chips; and what
 * the unfiltered overview, its CSV and a phone's list of recent clicks must show.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { CHROME_UA } from './dashboard.js';
import { client, type Lsk, visit } from './server.js';
import { waitFor } from './wait-for.js';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Who visits: [link path, how many times, headers]. 26 people and a bot. */
const VISITS: [string, number, Record<string, string>][] = [
  [
    '/spring?utm_source=newsletter&utm_campaign=launch',
    4,
    {
      'x-country': 'DE',
      'x-region': 'BE',
      'x-city': 'Berlin',
      'accept-language': 'de-DE,de;q=0.9',
      referer: 'https://news.example/story?id=7',
      'user-agent': CHROME_UA,
    },
  ],
  ['/spring?qr=1', 3, { 'x-country': 'DE', 'x-region': 'BY', 'x-city': 'Munich', 'accept-language': 'de', 'user-agent': IPHONE }],
  ['/spring', 2, { 'x-country': 'FR', 'x-region': 'IDF', 'x-city': 'Paris', 'accept-language': 'fr-FR', referer: 'https://t.co/abc', 'user-agent': FIREFOX }],
  ['/autumn', 16, { 'x-country': 'US', 'x-region': 'NY', 'x-city': 'New York', 'accept-language': 'en-US,en', 'user-agent': CHROME_UA }],
  ['/autumn?qr=1', 1, { 'x-country': 'JP', 'x-region': '13', 'x-city': 'Tokyo', 'accept-language': 'ja', 'user-agent': ANDROID }],
  ['/autumn', 1, { 'x-country': 'US', 'user-agent': BOT }],
];

/** Creates the links `spring` and `autumn` in the key's workspace, visits them, and waits until the 26 clicks and the bot are counted; the id of `spring`. */
export async function seedVisits(lsk: Lsk, key: string): Promise<string> {
  const api = client(lsk.base, key);
  const spring = await api('POST', '/v1/links', { destination: 'https://example.com/spring', alias: 'spring', tags: ['campaign'] });
  expect(spring.status).toBe(201);
  expect((await api('POST', '/v1/links', { destination: 'https://example.com/autumn', alias: 'autumn', tags: ['fall'] })).status).toBe(201);
  for (const [path, times, headers] of VISITS) {
    for (let i = 0; i < times; i++) expect((await visit(lsk.base, path, { host: lsk.env.LSK_DEFAULT_DOMAIN!, ...headers })).status).toBe(302);
  }
  // Clicks reach the store within a second or so.
  const counted = await waitFor(
    () => api('GET', '/v1/analytics'),
    (r) => r.body?.total?.clicks === 26 && r.body.total.bots === 1,
    { interval: 500 },
  );
  expect(counted.body.total).toEqual({ clicks: 26, bots: 1 });
  return spring.body.id;
}

/** The overview's parts on the page `page()` returns: its totals once they say `n clicks`, a panel, the filter chips. */
export function overviewParts(page: () => Page) {
  return {
    totals: (n: number) =>
      page()
        .locator('.totals')
        .filter({ hasText: new RegExp(`^${n} clicks? ·`) })
        .waitFor(),
    region: (name: string) => page().getByRole('region', { name, exact: true }),
    chips: () => page().getByRole('list', { name: 'Filters' }),
  };
}

/** How far the text holding `alias` runs past the box that holds (and cuts) it, in a row's button. */
export function aliasOverflow(button: Locator, alias: string): Promise<number> {
  return button.evaluate((b, alias) => {
    const text = [...b.querySelectorAll('span')].flatMap((e) => [...e.childNodes]).find((t) => t.textContent?.includes(alias))!;
    const range = document.createRange();
    range.selectNodeContents(text);
    return range.getBoundingClientRect().right - text.parentElement!.getBoundingClientRect().right;
  }, alias);
}

/**
 * A row's cut host (docs/adr/0237), null when it is whole: `blank`, the room its box leaves after the
 * last character wholly in it; `joins`, how far apart the host's box, the ellipsis and the path are.
 */
export function hostCut(button: Locator): Promise<{ blank: number; joins: number } | null> {
  return button.evaluate((b) => {
    const [host, dots, path] = ['.share-host', '.share-cut', '.share-path'].map((s) => b.querySelector(s));
    if (!host || !dots || !path) return null;
    const text = host.firstChild!;
    const box = host.getBoundingClientRect();
    const r = document.createRange();
    r.setStart(text, 0);
    let end = 0;
    for (let n = 1; n <= (text.textContent ?? '').length; n++) {
      r.setEnd(text, n);
      if (r.getBoundingClientRect().right > box.right + 0.5) break;
      end = n;
    }
    r.setEnd(text, end);
    const d = dots.getBoundingClientRect();
    return { blank: box.right - r.getBoundingClientRect().right, joins: Math.abs(d.left - box.right) + Math.abs(path.getBoundingClientRect().left - d.right) };
  });
}

/** The overview's CSV as the journey's view shows it (by day, UTC, the Browsers tab): its name, header and rows. */
export function expectOverviewCsv(file: { name: string; body: string }): void {
  expect(file.name).toMatch(/^lsk-analytics-by-day-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = file.body.trimEnd().split('\r\n');
  expect(lines[0]).toBe('section,value,label,clicks,share');
  expect(lines.filter((l) => l.startsWith('Clicks per day (UTC),'))).toHaveLength(30);
  for (const row of [
    'Locations: Countries,US,United States,16,61%',
    'Locations: Countries,DE,Germany,7,27%',
    'Devices: Browsers,Chrome,Chrome,21,81%',
    'Triggers: QR code or link,qr,QR code,4,15%',
    'Referrers: Sources,news.example,news.example,4,15%',
  ])
    expect(lines).toContain(row);
  expect(lines.some((l) => l.startsWith('Links: Links,lnk_') && l.endsWith('/spring,9,35%'))).toBe(true);
}

/**
 * Recent clicks on a phone (390 px): a dense list of the newest 5, each a few lines, then "Show all"
 * and back, nothing wider than the screen; the viewport is 1280 px again afterwards.
 */
export async function expectPhoneClickList(page: Page, recent: Locator, total: number): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  const entries = recent.locator('tbody tr:visible');
  expect(await entries.count()).toBe(5);
  const heights = await entries.evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
  for (const h of heights) expect(h, 'a click in three lines, not a card of six').toBeLessThan(80);
  await recent.getByRole('button', { name: `Show all ${total}` }).click();
  expect(await entries.count()).toBe(total);
  await recent.getByRole('button', { name: 'Show the newest 5' }).click();
  expect(await entries.count()).toBe(5);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The unfiltered overview of the seeded visits: the time series, every panel's top row with its share, the map. */
export async function expectOverviewPanels(page: Page, region: (name: string) => Locator): Promise<void> {
  // Shares of rows that make up the total add up to 100% (largest remainder): 16, 7, 2 and 1 of 26
  // read 61, 27, 8 and 4%, not 62, 27, 8 and 4.
  await page.getByRole('figure').getByText('Clicks per day (UTC)').waitFor();
  const locations = region('Locations');
  await locations.getByRole('row', { name: /United States 16 61%/ }).waitFor();
  expect(await locations.getByRole('row', { name: /Germany 7 27%/ }).count()).toBe(1);
  await region('Links')
    .getByRole('row', { name: /\/autumn 17 65%/ })
    .waitFor();
  await region('Referrers')
    .getByRole('row', { name: /\(direct\) 20 77%/ })
    .waitFor();
  await region('Devices')
    .getByRole('row', { name: /Desktop 22 85%/ })
    .waitFor();
  await region('UTM parameters')
    .getByRole('row', { name: /newsletter 4 15%/ })
    .waitFor();
  await region('Triggers')
    .getByRole('row', { name: /QR code 4 15%/ })
    .waitFor();
  await region('Languages')
    .getByRole('row', { name: /English \(en\) 16 61%/ })
    .waitFor();
  await region('Map').getByRole('button', { name: 'Germany: 7 clicks (27%)' }).waitFor();
  expect(await region('Map').getByRole('button').count(), 'countries with clicks are buttons').toBe(4);
}

/**
 * The inner texts of `options` once `ok` holds them: the zone picker lays an option out only when it
 * is shown (content-visibility: auto), and until the frame after the list opens it has no inner text.
 */
export function shownTexts(options: Locator, ok: (texts: string[]) => boolean): Promise<string[]> {
  return waitFor(() => options.allInnerTexts(), ok, { timeout: 5000 });
}
