/**
 * The analytics overview against the previous period (docs/adr/0213), in Chromium on the journey stores (docs/adr/0225),
 * over real clicks made on two days (the server's clock moved between them): the toggle is kept in
 * the address (reload and Back keep or undo it); the totals name the change and the period; the chart
 * draws the previous period as a dotted second line with a legend and a table column; each panel row
 * shows its change in words. Also: a panel cut to eight rows ends with an Other row that makes up
 * the total. Every view passes axe and is photographed at 1280 and 390 px.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, CHROME_UA, checkPage, launchChromium, type PageWatch, signedInUser } from '../support/dashboard.js';
import { cutSelects, seenLines } from '../support/phone-lines.js';
import { client, DASHBOARD_STORES, type Lsk, startLsk, visit } from '../support/server.js';
import { type ServerClock, serverClock } from '../support/server-clock.js';
import { waitFor } from '../support/wait-for.js';

const DAY = 86_400_000;
/** This week's ten people, each with a language of their own; six in Germany, four in France. */
const LANGUAGES = ['de', 'fr', 'es', 'it', 'nl', 'pl', 'pt', 'sv', 'da', 'fi'];

describe.each(DASHBOARD_STORES)('the overview against the previous period on %s', (store) => {
  let lsk: Lsk;
  let clock: ServerClock;
  let browser: Browser;
  let w: PageWatch;
  let page: Page;
  let origin = '';
  let linkId = '';
  const shots = store === 'sqlite';
  const region = (name: string) => page.getByRole('region', { name, exact: true });
  const totals = () => page.locator('.totals');

  beforeAll(async () => {
    // Noon (UTC) today, and eight days before: the last 7 days hold today, the 7 days before them that day.
    const now = new Date();
    const noon = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12);
    clock = serverClock();
    clock.moveTo(noon - 8 * DAY - Date.now());
    lsk = await startLsk(store, { env: { ...clock.env, LSK_COUNTRY_HEADER: 'x-country' } });
    browser = await launchChromium();
    const key = await lsk.workspace('acme', ['--rpm', '1000000']);
    const api = client(lsk.base, key);
    const made = await api('POST', '/v1/links', { destination: 'https://example.com/week', alias: 'week' });
    expect(made.status).toBe(201);
    linkId = made.body.id;
    const host = lsk.env.LSK_DEFAULT_DOMAIN!;
    for (let i = 0; i < 4; i++) expect((await visit(lsk.base, '/week', { host, 'x-country': 'DE', 'user-agent': CHROME_UA })).status).toBe(302);
    await waitFor(
      () => api('GET', '/v1/analytics'),
      (r) => r.body?.total?.clicks === 4,
      { interval: 500 },
    );
    clock.moveTo(noon - Date.now());
    for (const [i, lang] of LANGUAGES.entries()) {
      const headers = { host, 'x-country': i < 6 ? 'DE' : 'FR', 'accept-language': lang, 'user-agent': CHROME_UA };
      expect((await visit(lsk.base, '/week', headers)).status).toBe(302);
    }
    await waitFor(
      () => api('GET', `/v1/analytics?compare=previous&from=${new Date(noon - 6 * DAY).toISOString().slice(0, 10)}`),
      (r) => r.body?.total?.clicks === 10 && r.body.previous?.total?.clicks === 4,
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
    await page.goto(`${origin}/dashboard/analytics?range=7d`);
    await totals()
      .filter({ hasText: /^10 clicks ·/ })
      .waitFor();
  }, 150_000);
  afterAll(async () => {
    await browser?.close();
    await lsk?.stop();
    clock?.remove();
  });

  it('ends a panel cut to eight rows with an Other row that makes up the total', async () => {
    const langs = region('Languages');
    await langs.getByRole('button', { name: 'Show all 10' }).waitFor();
    const rows = langs.locator('tbody tr');
    // Eight values of one click each, then the two hidden ones: 2 of 10 clicks.
    expect(await rows.count()).toBe(9);
    expect(await rows.last().innerText()).toMatch(/^Other\s+2\s+20%/);
    await langs.getByRole('button', { name: 'Show all 10' }).click();
    expect(await rows.count()).toBe(10);
    expect(await langs.getByRole('row', { name: /Other/ }).count()).toBe(0);
  });

  it('compares with the previous period when switched on, and keeps it in the address', async () => {
    await page.getByRole('checkbox', { name: 'Compare with previous period' }).check();
    await page.waitForURL(/compare=previous/);
    const line = totals().filter({ hasText: /▲ \+150\.0 % vs .+ \(4 clicks\)/ });
    await line.waitFor();
    // The period named is the seven days before the last seven.
    expect(await line.innerText()).toMatch(/vs \d{1,2}( \w{3})?–\d{1,2} \w{3}|vs \d{1,2} \w{3} – \d{1,2} \w{3}/);
    // Today still counts (about noon on the server): the seven days before are read up to the same hour (docs/adr/0226).
    expect(await line.innerText()).toMatch(/ up to 13:00 \(4 clicks\)/);
    const geo = region('Locations');
    await geo.getByRole('row', { name: /Germany 6 60% .*\+50\.0 %/ }).waitFor();
    await geo.getByRole('row', { name: /France 4 40% .*new/ }).waitFor();
    expect(await geo.getByRole('columnheader', { name: 'Change vs previous period' }).count()).toBe(1);
    // At 1280 px the long compared totals line wraps within itself; "Download CSV" stays beside it, on one line.
    const [text, button] = await Promise.all([totals().boundingBox(), page.getByRole('button', { name: 'Download CSV' }).boundingBox()]);
    expect(button!.x, 'the button is right of the totals').toBeGreaterThanOrEqual(text!.x + text!.width);
    expect(button!.y, 'the button is beside the totals, not below').toBeLessThan(text!.y + text!.height);
    expect(button!.height, 'the button is one line').toBeLessThan(48);
    if (shots) await checkPage(page, 'analytics-compare');
    await page.reload();
    await page.getByRole('checkbox', { name: 'Compare with previous period', checked: true }).waitFor();
    await line.waitFor();
    await page.goBack();
    await page.waitForURL((u) => !u.search.includes('compare'));
    await page.getByRole('checkbox', { name: 'Compare with previous period', checked: false }).waitFor();
    await totals()
      .filter({ hasText: /^10 clicks ·/ })
      .waitFor();
    // Answered without the comparison (the view before the toggle): its figure goes.
    await totals().filter({ hasText: / vs / }).waitFor({ state: 'detached' });
    expect(await page.getByTestId('chart-previous').count()).toBe(0);
  });

  it('draws the previous period as a dotted second line, with a legend, its name and a table column', async () => {
    await page.goto(`${origin}/dashboard/analytics?range=7d&compare=previous`);
    const chart = page.getByRole('figure');
    await chart.getByTestId('chart-previous').waitFor();
    await chart.getByText(/This period .* \(dotted\)/).waitFor();
    expect(await chart.getByRole('img').getAttribute('aria-label')).toMatch(/dotted grey line: .+, 4 clicks$/);
    await chart.getByText('Show as a table').click();
    const table = chart.getByRole('table');
    expect(await table.getByRole('columnheader').count()).toBe(3);
    // Day n of the last 7 against day n of the 7 before: the 4 clicks were on its sixth day (8 days ago), today's 10 on the seventh.
    const days = table.locator('tbody tr');
    expect(await days.count()).toBe(7);
    expect(await days.nth(5).innerText()).toMatch(/\s0\s+4$/);
    expect(await days.nth(6).innerText()).toMatch(/\s10 so far\s+0$/);
    if (shots) await checkPage(page, 'analytics-compare-table');
    await chart.getByText('Show as a table').click();
  });

  it('wraps the totals at 390 px with no dot starting or ending a line, and shows each select whole', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${origin}/dashboard/analytics?range=7d&compare=previous&interval=week`);
      await totals()
        .filter({ hasText: /▲ \+150\.0 % vs / })
        .waitFor();
      await page.getByRole('figure').getByTestId('chart-previous').waitFor();
      const [lines] = await seenLines(page, '.totals');
      expect(lines!.length, `the totals wrap: ${JSON.stringify(lines)}`).toBeGreaterThan(1);
      await page.locator('.map-panel .legend').waitFor();
      for (const l of [...lines!, ...(await seenLines(page, 'figcaption, .map-panel .legend')).flat()]) {
        expect(l, 'a line neither starts nor ends with a dot').not.toMatch(/^·|·$/);
      }
      // The previous period's count keeps its word: "(4 clicks)" is never cut after "(4".
      expect(lines!.join('\n')).not.toMatch(/\(\d+$/m);
      expect(await page.getByLabel('Interval').inputValue()).toBe('week');
      expect(await cutSelects(page, '.view-controls select')).toEqual([]);
      // Custom dates open beside them: still nothing cut, nothing wider than the screen.
      await page.getByRole('button', { name: 'Custom' }).click();
      await page.getByRole('form', { name: 'Custom range' }).waitFor();
      expect(await cutSelects(page, '.view-controls select')).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // At 200 % text the date range (it does not break) is wider than the line: seen whole, its dot still hidden.
      await page.evaluate(() => {
        document.documentElement.style.fontSize = '32px';
      });
      const range = await totals().locator('.nowrap').first().innerText();
      const [big] = await seenLines(page, '.totals');
      // It may break between its dates, never within one, and loses nothing.
      expect(big!.join(' '), 'the date range is not cut at 200 % text').toContain(range.replace(/\s+/g, ' '));
      for (const l of big!) expect(l, 'a line neither starts nor ends with a dot').not.toMatch(/^·|·$/);
      expect(await totals().evaluate((el) => el.scrollWidth <= el.clientWidth), 'nothing runs past the totals').toBe(true);
      if (shots) await page.locator('.totals-row').screenshot({ path: join(ARTIFACTS, 'analytics-compare-totals-text-200-390x844.png') });
    } finally {
      await page.evaluate(() => {
        document.documentElement.style.fontSize = '';
      });
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('offers the same on a link page, and stays usable at 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${origin}/dashboard/analytics?range=7d&compare=previous`);
    // The alias that tells links apart is whole beside the change column; the host gives way.
    const alias = region('Links').locator('.share-path').first();
    await alias.waitFor();
    const [text, box] = await alias.evaluate((el) => {
      const r = document.createRange();
      r.selectNodeContents(el);
      return [r.getBoundingClientRect().width, el.getBoundingClientRect().width];
    });
    expect(text, 'the alias is not cut at 390 px').toBeLessThanOrEqual(box + 0.01);
    expect(await alias.innerText()).toBe('/week');
    // No click from France in the week before: nothing to compare with, rather than "new" on every row.
    await page.goto(`${origin}/dashboard/analytics?range=7d&compare=previous&country=FR`);
    await totals()
      .filter({ hasText: /^4 clicks · .* · no clicks in .+ to compare with$/ })
      .waitFor();
    await region('Locations')
      .getByRole('row', { name: /France 4 100%/ })
      .waitFor();
    expect(await page.getByRole('columnheader', { name: 'Change vs previous period' }).count()).toBe(0);
    expect(await page.getByTestId('chart-previous').count()).toBe(0);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scroll, 'no sideways scrolling at 390 px').toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${origin}/dashboard/links/${linkId}?range=7d&compare=previous`);
    await page.getByRole('checkbox', { name: 'Compare with previous period', checked: true }).waitFor();
    await totals()
      .filter({ hasText: /^10 clicks · .*▲ \+150\.0 % vs / })
      .waitFor();
    expect(w.problems).toEqual([]);
  });
});
