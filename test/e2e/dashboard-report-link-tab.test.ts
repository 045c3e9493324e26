/**
 * The report form's link picker and Tab (docs/adr/0242): Tab picks only an option the keys moved to,
 * so a query typed after moving, and left with Tab before its search answers, picks nothing: the
 * field keeps the text typed, as it does when the keys never moved.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signedInUser } from '../support/dashboard.js';
import { client, type Lsk, startLsk } from '../support/server.js';

const isSearch = (postData: string | null) => postData?.includes('DashboardReportLinkSearch') === true;

describe("the report form's link picker and Tab", () => {
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
