/**
 * Shared read-only analytics in Chromium (docs/adr/0215), on the journey stores (docs/adr/0225): an owner makes a public
 * link of the workspace's analytics from the overview and copies it; a fresh browser without a
 * session opens it and sees the numbers, filters by a chip (kept in the address through a reload),
 * with no recent clicks and no way into private pages; once revoked, the page says it is gone. Each
 * view passes axe and is photographed at 1280 and 390 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_UA, checkPage, launchChromium, openPage, type PageWatch, signedInUser } from '../support/dashboard.js';
import { client, DASHBOARD_STORES, type Lsk, startLsk, visit } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';

describe.each(DASHBOARD_STORES)('a shared analytics page on %s', (store) => {
  let lsk: Lsk;
  let browser: Browser;
  let owner: PageWatch & { origin: string };
  let anon: PageWatch;
  let shareUrl = '';
  let linkId = '';
  const shots = store === 'sqlite';
  const totals = (page: Page) => page.locator('.totals');

  beforeAll(async () => {
    // The public page asks a few questions per view: more than the default anonymous allowance of a test's many views.
    lsk = await startLsk(store, { env: { LSK_COUNTRY_HEADER: 'x-country', LSK_ANON_GRAPHQL_RPM: '1000' } });
    browser = await launchChromium();
    const api = client(lsk.base, await lsk.workspace('acme', ['--rpm', '1000000']));
    const made = await api('POST', '/v1/links', { destination: 'https://example.com/spring', alias: 'spring' });
    expect(made.status).toBe(201);
    linkId = made.body.id;
    const host = lsk.env.LSK_DEFAULT_DOMAIN!;
    for (const country of ['DE', 'DE', 'DE', 'FR']) {
      expect((await visit(lsk.base, '/spring', { host, 'x-country': country, 'user-agent': CHROME_UA })).status).toBe(302);
    }
    await waitFor(
      () => api('GET', '/v1/analytics'),
      (r) => r.body?.total?.clicks === 4,
      { interval: 500 },
    );
    owner = await signedInUser(lsk, browser, { email: 'owner@example.com', workspace: 'acme', role: 'owner' }, { timezoneId: 'UTC' });
  }, 150_000);
  afterAll(async () => {
    await browser?.close();
    await lsk?.stop();
  });

  it('makes a public link of the overview and shows its URL once', async () => {
    const { page, origin } = owner;
    // The view shared: Germany, the last 90 days by week, in Berlin's time (docs/adr/0237).
    await page.goto(`${origin}/dashboard/analytics?range=90d&tz=Europe%2FBerlin&interval=day&country=DE`);
    await totals(page)
      .filter({ hasText: /^3 clicks ·/ })
      .waitFor();
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Share these analytics' });
    await panel.getByText('No public links yet.').waitFor();
    await panel.getByText('the whole workspace').waitFor();
    await panel.getByRole('button', { name: 'Create public link' }).click();
    shareUrl = (await panel.getByTestId('share-url').innerText()).trim();
    expect(shareUrl).toMatch(new RegExp(`^${origin}/dashboard/share/[0-9A-Za-z]{24}\\?range=90d&tz=Europe%2FBerlin&interval=day&country=DE$`));
    await panel.getByRole('listitem').filter({ hasText: 'Whole workspace' }).waitFor();
    if (shots) await checkPage(page, 'analytics-share-panel');
  });

  it('opens the link in a fresh browser without a session on the view shared: the numbers, a chip kept through a reload, nothing private', async () => {
    // Elsewhere than the maker: the page still reads Berlin's days, as shared.
    anon = await openPage(browser, owner.origin, { timezoneId: 'America/New_York' });
    const { page } = anon;
    await page.goto(shareUrl);
    await page.getByRole('heading', { name: 'acme', level: 1 }).waitFor();
    await page.getByText(/Shared analytics · read-only · Workspace/).waitFor();
    await totals(page)
      .filter({ hasText: /^3 clicks ·.*\(Europe\/Berlin\)/ })
      .waitFor();
    await page.getByRole('figure').getByText('Clicks per day (Europe/Berlin)').waitFor();
    expect(await page.getByRole('group', { name: 'Period' }).getByRole('button', { pressed: true }).innerText()).toBe('90 d');
    await page.getByRole('list', { name: 'Filters' }).getByRole('button', { name: 'Remove the filter Country is Germany' }).click();
    await page.waitForURL(/\?range=90d&tz=Europe%2FBerlin&interval=day$/);
    await totals(page)
      .filter({ hasText: /^4 clicks ·/ })
      .waitFor();
    await page.getByRole('region', { name: 'Locations' }).getByRole('button', { name: 'Germany', exact: true }).waitFor();
    // No visit-by-visit table, no navigation, no Share control, no link into the signed-in app.
    expect(await page.getByRole('region', { name: /Recent clicks/ }).count()).toBe(0);
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Share', exact: true }).count()).toBe(0);
    expect(await page.locator('a[href^="/dashboard/"]').count()).toBe(0);
    if (shots) await checkPage(page, 'analytics-shared');
    await page.getByRole('region', { name: 'Locations' }).getByRole('button', { name: 'Germany', exact: true }).click();
    await page.waitForURL(/country=DE/);
    await totals(page)
      .filter({ hasText: /^3 clicks ·/ })
      .waitFor();
    await page.getByRole('list', { name: 'Filters' }).getByText('Germany').waitFor();
    await page.reload();
    await totals(page)
      .filter({ hasText: /^3 clicks ·/ })
      .waitFor();
    await page.getByRole('list', { name: 'Filters' }).getByText('Germany').waitFor();
    if (shots) await checkPage(page, 'analytics-shared-filtered');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling at 390 px').toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("names a link chip of a shared address by the page's own answers, never asking for the link without a session", async () => {
    const { page } = anon;
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/graphql') && r.status() === 401) refused.push(r.url());
    });
    await page.goto(`${shareUrl.split('?')[0]}?range=90d&link_id=${linkId}`);
    await totals(page)
      .filter({ hasText: /^4 clicks ·/ })
      .waitFor();
    await page
      .getByRole('list', { name: 'Filters' })
      .getByText(/^localhost:\d+\/spring$/)
      .waitFor();
    expect(refused).toEqual([]);
  });

  it('shares a view of one link as that link (named as its chip), not the workspace with a filter the recipient could remove', async () => {
    const { page, origin } = owner;
    await page.goto(`${origin}/dashboard/analytics?range=90d&link_id=${linkId}`);
    await totals(page)
      .filter({ hasText: /^4 clicks ·/ })
      .waitFor();
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Share these analytics' });
    const short = `${lsk.env.LSK_DEFAULT_DOMAIN}/spring`;
    await panel.locator('p strong').getByText(`the link “${short}”`, { exact: true }).waitFor();
    await panel.getByRole('button', { name: 'Create public link' }).click();
    // The share holds the link: the URL carries the rest of the view only.
    expect((await panel.getByTestId('share-url').innerText()).trim()).toMatch(new RegExp(`^${origin}/dashboard/share/[0-9A-Za-z]{24}\\?range=90d&tz=UTC$`));
    const row = panel.getByRole('listitem').filter({ hasText: `Link “${short}”` });
    await row.waitFor();
    await row.getByRole('button', { name: /^Revoke/ }).click();
    await row.waitFor({ state: 'detached' });
    await panel.getByRole('listitem').filter({ hasText: 'Whole workspace' }).waitFor();
  });

  it('answers a revoked link with one clear page', async () => {
    const panel = owner.page.getByRole('region', { name: 'Share these analytics' });
    await panel.getByRole('button', { name: /^Revoke/ }).click();
    await panel.getByText('No public links yet.').waitFor();
    const { page } = anon;
    await page.reload();
    await page.getByRole('heading', { name: 'This shared page is not available', level: 1 }).waitFor();
    expect(await page.locator('.totals').count()).toBe(0);
    if (shots) await checkPage(page, 'analytics-shared-dead');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(owner.problems).toEqual([]);
    expect(anon.problems).toEqual([]);
  });
});
