/**
 * The API-keys page's scope and restriction pickers and the Audit log page, in Chromium on the
 * journey stores (docs/adr/0225): an owner creates a key with two scopes restricted to a domain and a tag (the key then
 * reaches only that link through the API), reads the audit log, filters it by action and actor
 * (the filters live in the URL and survive a reload) and downloads it as CSV; a viewer sees no
 * Audit log section and is refused the page. Every new page passes axe and is photographed at both sizes.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, createUser, launchChromium, openPage, type PageWatch, setPasswordByApi, signIn } from '../support/dashboard.js';
import { client, DASHBOARD_STORES, type Lsk, startLsk } from '../support/server.js';

const TEAM = 'team.example.com';

describe.each(DASHBOARD_STORES)('API keys and the audit log in the dashboard on %s', (store) => {
  let lsk: Lsk;
  let browser: Browser;
  let w: PageWatch;
  let page: Page;
  let origin = '';
  let ids: { team: string; other: string };
  const shots = store === 'sqlite';

  beforeAll(async () => {
    lsk = await startLsk(store);
    browser = await launchChromium();
    const api = client(lsk.base, await lsk.workspace('acme'));
    expect((await lsk.cli(['domain', 'add', TEAM, '--workspace', 'acme'])).code).toBe(0);
    const team = await api('POST', '/v1/links', { destination: 'https://example.com/team', domain: TEAM, alias: 'team', tags: ['spring'] });
    const other = await api('POST', '/v1/links', { destination: 'https://example.com/other', alias: 'other', tags: ['spring'] });
    ids = { team: team.body.id, other: other.body.id };
    const link = await createUser(lsk, 'owner@example.com', 'acme', 'owner');
    origin = new URL(link).origin;
    await setPasswordByApi(link);
    await setPasswordByApi(await createUser(lsk, 'viewer@example.com', 'acme', 'viewer'));
    w = await openPage(browser, origin);
    page = w.page;
    await signIn(page, origin, 'owner@example.com');
  }, 60_000);
  afterAll(async () => {
    expect(w?.problems ?? []).toEqual([]);
    await browser?.close();
    await lsk?.stop();
  });

  it('creates a key with chosen scopes, restricted to a domain and a tag, and lists them; the key reaches that link only', async () => {
    await page.getByRole('link', { name: 'API keys' }).click();
    const form = page.getByRole('form', { name: 'New API key' });
    await form.getByRole('checkbox', { name: 'links:read' }).waitFor();
    await form.getByLabel('Name of a new key').fill('team bot');
    for (const box of await form.getByRole('group', { name: 'Scopes' }).getByRole('checkbox').all()) {
      const name = await box.evaluate((b) => b.parentElement?.textContent?.trim() ?? '');
      if (name !== 'links:read' && name !== 'links:write' && box) await box.uncheck();
    }
    await form.getByRole('checkbox', { name: TEAM }).check();
    await form.getByLabel('Only links carrying one of these tags').fill('spring');
    await form.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('new-key').innerText()).trim();
    expect(secret).toMatch(/^lsk_live_/);
    const row = page.getByRole('row').filter({ hasText: 'team bot' });
    await row.getByText(`domains: ${TEAM}`).waitFor();
    expect(await row.innerText()).toContain('tags: spring');
    expect(
      await row
        .getByRole('listitem')
        .filter({ hasText: /^links:/ })
        .allInnerTexts(),
    ).toEqual(['links:read', 'links:write']);
    if (shots) await checkPage(page, 'keys-restricted');
    const key = client(lsk.base, secret);
    const listed = await key('GET', '/v1/links');
    expect(listed.body.data.map((l: { id: string }) => l.id)).toEqual([ids.team]);
    expect((await key('GET', `/v1/links/${ids.other}`)).status).toBe(404);
    expect((await key('GET', '/v1/domains')).body.error.code).toBe('insufficient_scope');
  });

  it('reads the audit log, filters it by action and actor in the URL (kept on reload), and downloads it as CSV', async () => {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Only this action: key.created' }).first().waitFor();
    if (shots) await checkPage(page, 'audit-log');
    await page.getByLabel('Action', { exact: true }).fill('key.created');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/\/dashboard\/audit\?action=key\.created$/);
    const actions = page.locator('tbody tr td:nth-child(3)');
    // The page keeps the unfiltered rows while the filtered ones load: wait until every other action is gone.
    await actions.filter({ hasNotText: 'key.created' }).first().waitFor({ state: 'detached' });
    await page
      .getByRole('link', { name: /Only entries by this user: owner@example\.com/ })
      .first()
      .waitFor();
    expect(new Set(await actions.allInnerTexts())).toEqual(new Set(['key.created']));
    await page
      .getByRole('link', { name: /Only entries by this user: owner@example\.com/ })
      .first()
      .click();
    await page.waitForURL(/action=key\.created&actor=usr_/);
    await page.reload();
    await page
      .getByRole('cell', { name: /owner@example\.com/ })
      .first()
      .waitFor();
    expect(await page.getByLabel('Action', { exact: true }).inputValue()).toBe('key.created');
    expect(await page.getByLabel('Actor id', { exact: true }).inputValue()).toMatch(/^usr_/);
    expect(await actions.allInnerTexts()).toEqual(['key.created']);
    if (shots) await checkPage(page, 'audit-log-filtered');
    const [download] = (await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()])) as [Download, unknown];
    expect(download.suggestedFilename()).toBe('audit-log-acme.csv');
    const lines = readFileSync((await download.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('id,at,actor_type,actor_id,actor_label,action,target_type,target_id,request_id');
    expect(lines.slice(1).map((l) => l.split(',').slice(2, 6))).toEqual([['user', expect.stringMatching(/^usr_/), 'owner@example.com', 'key.created']]);
  });

  it('shows a viewer no Audit log section, and refuses the page by role', async () => {
    const viewer = await openPage(browser, origin);
    await signIn(viewer.page, origin, 'viewer@example.com');
    expect(await viewer.page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Audit log' }).count()).toBe(0);
    await viewer.page.goto(`${origin}/dashboard/audit`);
    await viewer.page
      .getByRole('alert')
      .filter({ hasText: /role \(viewer\)/ })
      .waitFor();
    if (shots) await checkPage(viewer.page, 'audit-log-viewer');
    expect(viewer.problems).toEqual([]);
    await viewer.context.close();
  });
});
