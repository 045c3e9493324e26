/**
 * What the analytics overview tells a marketer beyond its rows, in Chromium on the journey stores (docs/adr/0225), over real
 * clicks: a breakdown's last, muted row holds the clicks without a value (`(not set)`; `Unknown` for a place), with nothing
 * to press, so the shares add up to the total in the header; tags say why theirs need not; the chart
 * marks today's bucket as still filling (dashed, "so far" in its caption and table; the server and
 * the browser set to noon UTC of today, so the test never spans a midnight); the CSV files
 * are named after the view they came from. Every view passes axe and is photographed at 1280 and 390 px.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_UA, checkPage, downloadedText, launchChromium, type PageWatch, signedInUser } from '../support/dashboard.js';
import { client, DASHBOARD_STORES, type Lsk, startLsk, visit } from '../support/server.js';
import { type ServerClock, serverClock } from '../support/server-clock.js';
import { waitFor } from '../support/wait-for.js';

/** Who visits: [link path, how many times, headers]. 5 people; 2 of them with no UTM source and no country. */
const VISITS: [string, number, Record<string, string>][] = [
  ['/summer?utm_source=newsletter', 3, { 'x-country': 'DE', 'accept-language': 'de', 'user-agent': CHROME_UA }],
  ['/summer', 2, { 'user-agent': CHROME_UA }],
];

describe.each(DASHBOARD_STORES)('what the analytics overview adds up on %s', (store) => {
  let lsk: Lsk;
  let clock: ServerClock;
  let browser: Browser;
  let w: PageWatch;
  let page: Page;
  let origin = '';
  const shots = store === 'sqlite';
  const region = (name: string) => page.getByRole('region', { name, exact: true });
  const totals = (n: number) =>
    page
      .locator('.totals')
      .filter({ hasText: new RegExp(`^${n} clicks? ·`) })
      .waitFor();

  beforeAll(async () => {
    // The server's and the browser's time: noon (UTC) of today, so "today" is one day for the whole test.
    const now = new Date();
    const noon = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12);
    clock = serverClock();
    clock.moveTo(noon - Date.now());
    lsk = await startLsk(store, { env: { ...clock.env, LSK_COUNTRY_HEADER: 'x-country' } });
    browser = await launchChromium();
    const key = await lsk.workspace('acme', ['--rpm', '1000000']);
    const api = client(lsk.base, key);
    expect((await api('POST', '/v1/links', { destination: 'https://example.com/summer', alias: 'summer', tags: ['sale', 'summer'] })).status).toBe(201);
    for (const [path, times, headers] of VISITS) {
      for (let i = 0; i < times; i++) expect((await visit(lsk.base, path, { host: lsk.env.LSK_DEFAULT_DOMAIN!, ...headers })).status).toBe(302);
    }
    await waitFor(
      () => api('GET', '/v1/analytics'),
      (r) => r.body?.total?.clicks === 5,
      { interval: 500 },
    );
    const signed = await signedInUser(
      lsk,
      browser,
      { email: 'owner@example.com', workspace: 'acme', role: 'owner' },
      { timezoneId: 'UTC', at: noon + 3_600_000 },
    );
    w = signed;
    ({ origin, page } = signed);
    await page.goto(`${origin}/dashboard/analytics?utm=utm_sources`);
    await totals(5);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await lsk?.stop();
    clock?.remove();
  });

  it('ends a breakdown with the clicks without a value, a row with nothing to press', async () => {
    const utm = region('UTM parameters');
    await utm.getByRole('row', { name: /newsletter 3 60%/ }).waitFor();
    const rest = utm.getByRole('row', { name: /\(not set\) 2 40%/ });
    await rest.waitFor();
    expect(await rest.getByRole('button').count(), 'no filter to "no value"').toBe(0);
    expect(await utm.getByRole('row').last().innerText()).toMatch(/^\(not set\)\s+2\s+40%/);
    // A place: the clicks from places not known read "Unknown", as a chip of an unknown country does.
    await region('Locations')
      .getByRole('row', { name: /Unknown 2 40%/ })
      .waitFor();
    expect(await region('Locations').getByRole('button', { name: 'Unknown' }).count()).toBe(0);
    // Every click has a referrer row ((direct) included): nothing left over there.
    await region('Referrers')
      .getByRole('row', { name: /\(direct\) 5 100%/ })
      .waitFor();
    expect(
      await region('Referrers')
        .getByRole('row', { name: /\(not set\)|Other/ })
        .count(),
    ).toBe(0);
    if (shots) await checkPage(page, 'analytics-not-set');
  });

  it('says why tags need not add up, and adds no row to them', async () => {
    const links = region('Links');
    await links.getByRole('button', { name: 'Tags' }).click();
    await links.getByRole('row', { name: /summer 5 100%/ }).waitFor();
    await links.getByRole('row', { name: /sale 5 100%/ }).waitFor();
    await links.getByText('A click counts under every tag of its link').waitFor();
    expect(await links.getByRole('row', { name: /\(not set\)|Other/ }).count()).toBe(0);
  });

  it("marks today's bucket as counted so far", async () => {
    const chart = page.getByRole('figure');
    await chart.getByText(/dashed: \d{4}-\d{2}-\d{2} so far/).waitFor();
    expect(await chart.getByTestId('chart-so-far').count()).toBe(1);
    expect(await chart.getByRole('img').getAttribute('aria-label')).toMatch(/\d{4}-\d{2}-\d{2} is still counting$/);
    await chart.getByText('Show as a table').click();
    const last = chart.getByRole('table').getByRole('row').last();
    expect(await last.innerText()).toMatch(/^\d{4}-\d{2}-\d{2} \(so far\)\s+5 so far$/);
    if (shots) await checkPage(page, 'analytics-so-far');
    await chart.getByText('Show as a table').click();
    // Today is the peak, at the top of the plot: the tip that reads it leaves its point in sight.
    const svg = (await chart.getByRole('img').boundingBox())!;
    await page.mouse.move(svg.x + svg.width - 2, svg.y + svg.height / 2);
    const tip = (await chart.locator('.chart-tip').boundingBox())!;
    const point = (await chart.locator('.hover circle').boundingBox())!;
    expect(await chart.locator('.chart-tip').innerText()).toMatch(/^5 clicks so far\n\d{4}-\d{2}-\d{2}$/);
    const apart = tip.y >= point.y + point.height || tip.y + tip.height <= point.y;
    expect(apart, `tip ${JSON.stringify(tip)} covers point ${JSON.stringify(point)}`).toBe(true);
    await page.mouse.move(0, 0);
  });

  it('asks for the totals and the chart before the panels: the service answers one read of a workspace after another', async () => {
    const asked: string[] = [];
    const note = (r: Request) => {
      const groupBy = /"group_by":"(\w+)"/.exec(r.postData() ?? '')?.[1];
      if (r.url().endsWith('/graphql') && groupBy) asked.push(groupBy);
    };
    page.on('request', note);
    await page.goto(`${origin}/dashboard/analytics?range=7d`);
    await totals(5);
    await region('Languages').getByRole('row').first().waitFor();
    page.off('request', note);
    expect(asked[0], asked.join(', ')).toBe('timeseries');
    expect(asked.length).toBeGreaterThan(5);
  });

  it('says when the address asks for days it cannot show, and what it shows instead', async () => {
    await page.goto(`${origin}/dashboard/analytics?range=custom&from=2026-02-10&to=2026-02-01&tz=Mars%2FBase`);
    await totals(5);
    const notice = page.getByRole('status').filter({ hasText: 'This address asks for the days 2026-02-10 to 2026-02-01' });
    expect((await notice.innerText()).replace(/\s+/g, ' ')).toBe(
      'This address asks for the days 2026-02-10 to 2026-02-01, but the first day is after the last: shown instead are the last 30 days. Choose other days under Custom. ' +
        'This address names the time zone “Mars/Base”, which this browser does not know: shown instead in UTC.',
    );
    expect(await page.getByRole('button', { name: '30 d', exact: true }).getAttribute('aria-pressed')).toBe('true');
    if (shots) await checkPage(page, 'analytics-ignored-address');
    // A setting chosen writes an address of its own: the notice goes.
    await page.getByRole('button', { name: '7 d', exact: true }).click();
    await page.waitForURL(/\?range=7d$/);
    await totals(5);
    expect(await notice.count()).toBe(0);
  });

  it('names the CSV files after the view they came from', async () => {
    await region('Locations').getByRole('button', { name: 'Germany', exact: true }).click();
    await page.waitForURL(/country=DE/);
    await totals(3);
    const file = await downloadedText(page, () => page.getByRole('button', { name: 'Download CSV' }).click());
    expect(file.name).toMatch(/^lsk-analytics-by-day-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}-country-DE\.csv$/);
    expect(file.body.split('\r\n')[0]).toBe('section,value,label,clicks,share');
    // A link picked (on the Links tab: the test before left Tags open): named by its short URL's host and alias, as its chip reads, not by its id.
    await region('Links').getByRole('button', { name: 'Links', exact: true }).click();
    await region('Links')
      .getByRole('button', { name: /^localhost:\d+\/summer$/ })
      .click();
    await page.waitForURL(/link_id=lnk_/);
    await totals(3);
    const linked = await downloadedText(page, () => page.getByRole('button', { name: 'Download CSV' }).click());
    expect(linked.name).toMatch(/^lsk-analytics-by-day-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}-link-localhost-\d+-summer-country-DE\.csv$/);
    await page.goBack();
    await page.waitForURL((u) => !u.search.includes('link_id'));
    await page.goto(`${origin}/dashboard/analytics?utm=utm_sources`);
    await totals(5);
    await region('UTM parameters')
      .getByRole('row', { name: /\(not set\) 2 40%/ })
      .waitFor();
    const whole = await downloadedText(page, () => page.getByRole('button', { name: 'Download CSV' }).click());
    expect(whole.name).toMatch(/^lsk-analytics-by-day-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    expect(whole.body.split('\r\n')).toContain('UTM parameters: Source,,(not set),2,40%');
    expect(whole.body).toMatch(/\r\nClicks per day \(UTC\),(\d{4}-\d{2}-\d{2}),\1 \(so far\),5,100%\r\n/);
    await page.goto(`${origin}/dashboard/analytics?range=7d&utm_source=!newsletter&tz=Asia%2FTokyo`);
    await totals(2);
    const recent = region('Recent clicks');
    const clicks = await downloadedText(page, () => recent.getByRole('button', { name: 'Download these 2 clicks (CSV)' }).click());
    expect(clicks.name).toMatch(/^lsk-clicks-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}-not-utm_source-newsletter\.csv$/);
    const [head, first] = clicks.body.split('\r\n');
    expect(head).toBe(
      'timestamp (Asia/Tokyo),short_url,title,country,region,city,device,browser,os,referrer_url,utm_source,utm_medium,utm_campaign,trigger,language',
    );
    // The file's time is the table's (the view's zone, its offset written), and still the exact instant.
    const when = first!.split(',')[0]!;
    expect(when).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+09:00$/);
    const shown = await recent.locator('td[data-label="Time"]').first().innerText();
    expect(shown).toBe(
      `${Number(when.slice(8, 10))} ${new Date(when).toLocaleString('en-GB', { month: 'short', timeZone: 'Asia/Tokyo' })}, ${when.slice(11, 19)}`,
    );
    expect(w.problems).toEqual([]);
  });
});
