/**
 * A viewer in the dashboard (Chromium, the journey stores of docs/adr/0225): reads links, their statistics and QR code,
 * tags, domains, keys, webhooks with their deliveries and the workspace; sees no control that
 * changes anything (no bulk selection, no import, no webhook controls); and the API refuses the
 * change when the page's own session tries it anyway (403 forbidden).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, launchChromium, type PageWatch, signedInUser } from '../support/dashboard.js';
import { client, DASHBOARD_STORES, type Lsk, startLsk } from '../support/server.js';

describe.each(DASHBOARD_STORES)('the viewer on %s', (store) => {
  let lsk: Lsk;
  let browser: Browser;
  let w: PageWatch;
  let page: Page;
  let origin = '';
  let linkId = '';
  let webhookId = '';

  beforeAll(async () => {
    lsk = await startLsk(store, { env: { LSK_WEBHOOK_ALLOW_PRIVATE: 'true' } });
    browser = await launchChromium();
    const key = await lsk.workspace('acme');
    const created = await client(lsk.base, key)('POST', '/v1/links', { destination: 'https://example.com/read-me', alias: 'read-me', tags: ['docs'] });
    expect(created.status).toBe(201);
    linkId = created.body.id;
    const hook = await client(lsk.base, key)('POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['link.deleted'], description: 'read only' });
    expect(hook.status).toBe(201);
    webhookId = hook.body.id;
    const user = await signedInUser(lsk, browser, { email: 'viewer@example.com', workspace: 'acme', role: 'viewer' });
    ({ origin } = user);
    w = user;
    page = w.page;
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await lsk?.stop();
  });

  it('reads the links and a link with its statistics, without write controls', async () => {
    await page.getByText('→ https://example.com/read-me').waitFor();
    expect(await page.getByRole('link', { name: 'New link' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    expect(await page.getByRole('checkbox').count(), 'no bulk selection').toBe(0);
    expect(await page.getByRole('link', { name: 'Import CSV' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Export CSV' }).waitFor();
    await page
      .getByRole('link', { name: /read-me/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Clicks', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    await page.getByRole('img', { name: /^QR code of / }).waitFor();
    await page.getByRole('button', { name: 'Download PNG' }).waitFor();
    if (store === 'sqlite') await checkPage(page, 'viewer-link-detail');
    await page.goto(`${origin}/dashboard/links/new`);
    await page.getByRole('heading', { name: 'Read only' }).waitFor();
    await page.goto(`${origin}/dashboard/links/${linkId}/edit`);
    await page.getByRole('heading', { name: 'Read only' }).waitFor();
    await page.goto(`${origin}/dashboard/links/import`);
    await page.getByRole('heading', { name: 'Read only' }).waitFor();
  });

  it('reads tags, domains, keys, the workspace, webhooks and the members without controls', async () => {
    for (const [path, heading] of [
      ['/tags', 'Tags'],
      ['/domains', 'Domains'],
      ['/keys', 'API keys'],
      ['/workspace', 'Workspace'],
      ['/webhooks', 'Webhooks'],
      ['/members', 'Members'],
    ] as const) {
      await page.goto(`${origin}/dashboard${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(
        await page.getByRole('button', { name: /Rename|Delete|Add domain|Create key|Revoke|Remove|Create invite|Withdraw|New webhook|Disable|Enable/ }).count(),
        path,
      ).toBe(0);
    }
    await page.getByRole('cell', { name: /viewer@example\.com/ }).waitFor();
    expect(await page.getByRole('combobox', { name: /Role of/ }).count(), 'no role pickers').toBe(0);
  });

  it('reads a webhook and its deliveries without controls', async () => {
    await page.goto(`${origin}/dashboard/webhooks`);
    await page.getByRole('link', { name: 'http://127.0.0.1:9/hook' }).click();
    await page.getByRole('heading', { name: 'Deliveries' }).waitFor();
    await page.getByText('read only', { exact: true }).waitFor();
    await page.getByText('No deliveries yet.').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/dashboard/webhooks/${webhookId}`);
    expect(await page.getByRole('button', { name: /Edit|Disable|Send test event|Rotate secret|Delete|Retry/ }).count()).toBe(0);
    if (store === 'sqlite') await checkPage(page, 'viewer-webhook');
  });

  it('works from the keyboard: the skip link first, sections by Tab and Enter, focus on the new page', async () => {
    await page.goto(`${origin}/dashboard/links`);
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    const focused = () => page.evaluate(() => (document.activeElement?.textContent ?? '').trim());
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Skip to content');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    expect(await focused()).toBe('Tags');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Tags', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/tags');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  });

  it('is refused by the API when the page session tries a change anyway', async () => {
    const answer = await page.evaluate(async (id) => {
      const res = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-lsk-csrf': '1', 'lsk-workspace': 'acme' },
        body: JSON.stringify({ query: 'mutation($id: ID!) { deleteLink(id: $id) }', variables: { id } }),
      });
      return { status: res.status, body: await res.json() };
    }, linkId);
    expect(answer.body.errors?.[0]?.extensions?.code).toBe('forbidden');
    const read = await page.evaluate(async () => {
      const res = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-lsk-csrf': '1', 'lsk-workspace': 'acme' },
        body: JSON.stringify({ query: '{ links { data { alias } } }' }),
      });
      return res.json();
    });
    expect(read.data.links.data.map((l: { alias: string }) => l.alias)).toEqual(['read-me']);
    expect(w.problems).toEqual([]);
  });
});
