/**
 * A link's page names the link in the browser's tab (`Title · Link · lsk`, docs/adr/0241) for as
 * long as it is open: changing the view of its clicks (the period, which rewrites the address) keeps
 * the name, where the router's own title for the route ("Link · lsk") used to take it back.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signedInUser } from '../support/dashboard.js';
import { client, type Lsk, startLsk } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';

describe("a link's page in the tab", () => {
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
});
