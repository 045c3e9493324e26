/**
 * What the analytics overview calls things, in Chromium on the journey stores (docs/adr/0225), over real clicks made on two
 * days (the server's clock moved between them): a link chip of a shared address (`?link_id=`) reads
 * the link's title (its short URL in the chip's name and tooltip), and an id it cannot read "Unknown link", never an error page; an unknown
 * country (`country=ZZ`) reads "Unknown", as the Locations panel's row of clicks from places not
 * known does; compared, the chart tells this period's still-counting end (dashed) from the previous
 * period (dotted) in its legend and its spoken name (docs/adr/0217). Axe and screenshots at 1280 and 390 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_UA, checkPage, launchChromium, type PageWatch, signedInUser } from '../support/dashboard.js';
import { client, DASHBOARD_STORES, type Lsk, startLsk, visit } from '../support/server.js';
import { type ServerClock, serverClock } from '../support/server-clock.js';
import { waitFor } from '../support/wait-for.js';

const DAY = 86_400_000;

describe.each(DASHBOARD_STORES)('what the analytics overview calls things on %s', (store) => {
  let lsk: Lsk;
  let clock: ServerClock;
  let browser: Browser;
  let w: PageWatch;
  let page: Page;
  let origin = '';
  let linkId = '';
  let foreignId = '';
  const shots = store === 'sqlite';
  const region = (name: string) => page.getByRole('region', { name, exact: true });
  const chips = () => page.getByRole('list', { name: 'Filters' });
  const totals = (text: RegExp) => page.locator('.totals').filter({ hasText: text }).waitFor();

  beforeAll(async () => {
    // Noon (UTC) today, and eight days before: the last 7 days hold today, the 7 days before them that day.
    const now = new Date();
    const noon = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12);
    clock = serverClock();
    clock.moveTo(noon - 8 * DAY - Date.now());
    lsk = await startLsk(store, { env: { ...clock.env, LSK_COUNTRY_HEADER: 'x-country' } });
    browser = await launchChromium();
    const api = client(lsk.base, await lsk.workspace('acme', ['--rpm', '1000000']));
    const made = await api('POST', '/v1/links', { destination: 'https://example.com/week', alias: 'week', title: 'Week of clicks' });
    expect(made.status).toBe(201);
    linkId = made.body.id;
    const other = client(lsk.base, await lsk.workspace('elsewhere'));
    foreignId = (await other('POST', '/v1/links', { destination: 'https://example.com/theirs', alias: 'theirs' })).body.id;
    const host = lsk.env.LSK_DEFAULT_DOMAIN!;
    const go = async (n: number, headers: Record<string, string>) => {
      for (let i = 0; i < n; i++) expect((await visit(lsk.base, '/week', { host, 'user-agent': CHROME_UA, ...headers })).status).toBe(302);
    };
    await go(2, { 'x-country': 'DE' });
    await waitFor(
      () => api('GET', '/v1/analytics'),
      (r) => r.body?.total?.clicks === 2,
      { interval: 500 },
    );
    clock.moveTo(noon - Date.now());
    // Today: three from Germany, two from nowhere the server can tell.
    await go(3, { 'x-country': 'DE' });
    await go(2, {});
    const from = new Date(noon - 6 * DAY).toISOString().slice(0, 10);
    await waitFor(
      () => api('GET', `/v1/analytics?compare=previous&from=${from}`),
      (r) => r.body?.total?.clicks === 5 && r.body.previous?.total?.clicks === 2,
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
  }, 150_000);
  afterAll(async () => {
    await browser?.close();
    await lsk?.stop();
    clock?.remove();
  });

  it("reads a shared link chip as the link's title (its short URL in its name), and an id it cannot read as Unknown link", async () => {
    // The Links panel shows Tags: no row names the link, the chip asks for it.
    await page.goto(`${origin}/dashboard/analytics?range=7d&top=tags&link_id=${linkId}`);
    await totals(/^5 clicks ·/);
    const chip = chips().getByRole('listitem').first();
    const value = chip.getByText('Week of clicks', { exact: true });
    await value.waitFor();
    expect(await value.getAttribute('title')).toMatch(/^Week of clicks · localhost:\d+\/week$/);
    expect(await chip.innerText()).not.toContain(linkId);
    await chip.getByRole('button', { name: /^Link is Week of clicks · localhost:\d+\/week: switch to is not$/ }).waitFor();
    if (shots) await checkPage(page, 'analytics-shared-link-chip');
    // Another workspace's link, and an id that never was: the chip says so; the page stays a page.
    for (const id of [foreignId, 'lnk_doesnotexist']) {
      await page.goto(`${origin}/dashboard/analytics?range=7d&link_id=${id}`);
      await chips().getByText('Unknown link').waitFor();
      expect(await chips().innerText()).not.toContain(id);
      await page.getByRole('alert').getByText('The link in the Link filter is not in this workspace.').waitFor();
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    }
    if (shots) await checkPage(page, 'analytics-unknown-link-chip');
    await page.getByRole('button', { name: 'Remove the Link filter' }).click();
    await page.waitForURL((u) => !u.search.includes('link_id'));
    await totals(/^5 clicks ·/);
    // The chip's own ×, from a shared address that excludes the unknown link.
    await page.goto(`${origin}/dashboard/analytics?range=7d&link_id=!${foreignId}`);
    await chips().getByRole('button', { name: 'Remove the filter Link is not Unknown link' }).click();
    await page.waitForURL((u) => !u.search.includes('link_id'));
    await totals(/^5 clicks ·/);
  });

  it('reads an unknown country as Unknown, the word of the Locations row of clicks from places not known', async () => {
    await page.goto(`${origin}/dashboard/analytics?range=7d`);
    await region('Locations')
      .getByRole('row', { name: /^Unknown 2 40%/ })
      .waitFor();
    // The recent clicks say it in the same word.
    await region('Recent clicks').getByRole('cell', { name: 'Unknown', exact: true }).first().waitFor();
    await page.goto(`${origin}/dashboard/analytics?range=7d&country=ZZ`);
    await chips().getByRole('button', { name: 'Country is Unknown: switch to is not' }).waitFor();
    expect(await chips().innerText()).not.toMatch(/Region/);
    await page.goto(`${origin}/dashboard/analytics?range=7d&country=!ZZ&continent=ZZ`);
    await chips().getByRole('button', { name: 'Country is not Unknown: switch to is' }).waitFor();
    await chips().getByRole('button', { name: 'Continent is Unknown: switch to is not' }).waitFor();
    if (shots) await checkPage(page, 'analytics-unknown-country-chip');
  });

  it('tells the still-counting end (dashed) from the previous period (dotted), in the legend and the spoken name', async () => {
    await page.goto(`${origin}/dashboard/analytics?range=7d&compare=previous`);
    const chart = page.getByRole('figure');
    await chart.getByTestId('chart-previous').waitFor();
    const legend = chart.locator('.chart-legend');
    expect((await legend.innerText()).trim()).toMatch(/^This period\s+dashed: \d{4}-\d{2}-\d{2} so far\s+.+ \(dotted\)$/);
    // The caption no longer says "dashed" beside a legend that does.
    expect(await chart.locator('figcaption').innerText()).not.toMatch(/dashed/);
    const name = await chart.getByRole('img').getAttribute('aria-label');
    expect(name).toMatch(/; dashed end: \d{4}-\d{2}-\d{2} is still counting; dotted grey line: .+, 2 clicks$/);
    const dashes = (id: string) => chart.getByTestId(id).evaluate((el) => getComputedStyle(el).strokeDasharray);
    const [soFar, previous] = [await dashes('chart-so-far'), await dashes('chart-previous')];
    expect(soFar).not.toBe(previous);
    expect(await chart.getByTestId('chart-previous').evaluate((el) => getComputedStyle(el).strokeLinecap)).toBe('round');
    if (shots) await checkPage(page, 'analytics-compare-legend');
    // Without the comparison, the caption says it as before.
    await page.getByRole('checkbox', { name: 'Compare with previous period' }).uncheck();
    await page.waitForURL((u) => !u.search.includes('compare'));
    await chart.locator('.chart-legend').waitFor({ state: 'detached' });
    await chart
      .locator('figcaption')
      .getByText(/dashed: \d{4}-\d{2}-\d{2} so far/)
      .waitFor();
    expect(w.problems).toEqual([]);
  });
});
