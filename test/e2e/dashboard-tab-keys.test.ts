/**
 * Two things the keys and the tab must keep, in Chromium on one workspace:
 * - a link's page names the link in the browser's tab (`Title · Link · lsk`, docs/adr/0241) for as
 *   long as it is open: changing the view of its clicks (the period, which rewrites the address)
 *   keeps the name, where the router's own title for the route ("Link · lsk") used to take it back;
 * - the report form's link picker (docs/adr/0242): Tab picks only an option the keys moved to, so a
 *   query typed after moving, and left with Tab before its search answers, picks nothing: the field
 *   keeps the text typed, as it does when the keys never moved.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signedInUser } from '../support/dashboard.js';
import { client, type Lsk, startLsk } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';

const isSearch = (postData: string | null) => postData?.includes('DashboardReportLinkSearch') === true;

describe("the tab's link title and the link picker's Tab", () => {
  let lsk: Lsk;
  let browser: Browser;
  let page: Page;
  let origin = '';
  let key = '';

  beforeAll(async () => {
    lsk = await startLsk('sqlite');
    browser = await launchChromium();
    key = await lsk.workspace('acme');
    ({ page, origin } = await signedInUser(lsk, browser, { email: 'owner@example.com', workspace: 'acme', role: 'owner' }));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await lsk?.stop();
  });

  it('keeps the link title in the tab when the period changes', async () => {
    const made = await client(lsk.base, key)('POST', '/v1/links', { destination: 'https://example.com/tab', alias: 'tab', title: 'Tab sale' });
    expect(made.status).toBe(201);
    await page.goto(`${origin}/dashboard/links/${made.body.id}`);
    await page.getByRole('heading', { name: 'Tab sale', level: 1 }).waitFor();
    await waitFor(
      () => page.title(),
      (t) => t === 'Tab sale · Link · lsk',
    );

    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '24 h' }).click();
    await waitFor(
      () => new URL(page.url()).searchParams.get('range'),
      (r) => r !== null,
    );
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '24 h', pressed: true }).waitFor();
    expect(await page.title()).toBe('Tab sale · Link · lsk');
  });

  it('picks nothing with Tab once the text was typed into after the keys moved', async () => {
    const api = client(lsk.base, key);
    expect((await api('POST', '/v1/links', { destination: 'https://example.com/spring', alias: 'spring-sale' })).status).toBe(201);
    expect((await api('POST', '/v1/links', { destination: 'https://example.com/autumn', alias: 'autumn-sale' })).status).toBe(201);
    await page.goto(`${origin}/dashboard/reports`);
    await page.getByLabel('Counts').selectOption('link_id');
    const box = page.getByRole('combobox', { name: 'Link' });
    const list = page.getByRole('listbox', { name: 'Link: links found' });
    await box.fill('sale');
    await list.getByRole('option').nth(1).waitFor();
    await box.press('ArrowDown');
    expect(await list.getByRole('option', { selected: true }).innerText()).toMatch(/spring-sale/);

    // The next search is held, so the list found for "sale" is still the one on screen when Tab is pressed.
    let release!: () => Promise<void>;
    const caught = new Promise<void>((resolve) => {
      void page.route('**/graphql', async (route) => {
        if (!isSearch(route.request().postData())) return route.fallback();
        release = () => route.continue();
        resolve();
      });
    });
    await box.press('x');
    await box.press('Tab');
    expect(await box.inputValue()).toBe('salex');
    await caught;
    await release();
    await page.unroute('**/graphql');
  });
});
