/**
 * The link behaviour fields in the dashboard (Chromium in Europe/Berlin, the journey stores of docs/adr/0225): create a link
 * with title, external id, expiry (typed in the browser's zone), URL after expiry, maximum clicks,
 * password and device targets, and read them back from the API; follow the short URL on an iPhone
 * (the password form, then the iOS target); see the API's field errors next to their fields; edit
 * and clear some fields (only the changed ones are sent, emptied ones as null); list an expired link
 * with the status filter after the server's test clock moves on. The form passes axe and every new
 * page is photographed at both sizes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, launchChromium, type PageWatch, signedInUser } from '../support/dashboard.js';
import { client, DASHBOARD_STORES, type Lsk, startLsk } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';

const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const FIELDS = 'id title external_id status expires_at expired_url max_clicks clicks password_protected device_targeting';

interface ApiLink {
  id: string;
  title: string | null;
  external_id: string | null;
  status: string;
  expires_at: string | null;
  expired_url: string | null;
  max_clicks: number | null;
  clicks: number;
  password_protected: boolean;
  device_targeting: { ios?: string; android?: string };
}

describe.each(DASHBOARD_STORES)('the link behaviour fields on %s', (store) => {
  let lsk: Lsk;
  let browser: Browser;
  let w: PageWatch;
  let page: Page;
  let key = '';
  let origin = '';
  let clockDir = '';
  const shots = store === 'sqlite';
  const alias = `sale-${store}`;

  /** The link as the API returns it (GraphQL with the workspace's key). */
  async function apiLink(id: string): Promise<ApiLink> {
    const res = await fetch(`${lsk.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query: `query($id: ID!) { link(id: $id) { ${FIELDS} } }`, variables: { id } }),
    });
    const body = (await res.json()) as { data?: { link: ApiLink }; errors?: unknown };
    expect(body.errors).toBeUndefined();
    return body.data!.link;
  }

  beforeAll(async () => {
    clockDir = mkdtempSync(join(tmpdir(), 'lsk-clock-'));
    writeFileSync(join(clockDir, 'offset'), '0');
    lsk = await startLsk(store, { env: { LSK_TEST_CLOCK_FILE: join(clockDir, 'offset') } });
    browser = await launchChromium();
    key = await lsk.workspace('acme');
    const user = await signedInUser(lsk, browser, { email: 'owner@example.com', workspace: 'acme', role: 'owner' }, { timezoneId: 'Europe/Berlin' });
    ({ origin } = user);
    w = user;
    page = w.page;
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await lsk?.stop();
    if (clockDir) rmSync(clockDir, { recursive: true, force: true });
  });

  it('creates a link with every behaviour field, and the API returns them', async () => {
    await page.getByRole('link', { name: 'New link' }).click();
    await page.getByRole('heading', { name: 'New link' }).waitFor();
    await page.getByLabel('Destination URL').fill('https://example.com/sale');
    await page.getByLabel('Alias').fill(alias);
    await page.getByLabel('Title', { exact: true }).fill('Spring sale');
    await page.getByLabel('External id').fill(`crm-${store}`);
    await page.getByLabel('Expires at').fill('2030-06-01T12:00');
    await page.getByLabel('URL after expiry').fill('https://example.com/sale-over');
    await page.getByLabel('Maximum clicks').fill('100');
    await page.getByLabel('Set a password').check();
    await page.getByLabel('Link password').fill('spring-2027');
    await page.getByLabel('iOS URL').fill(`${origin}/healthz?device=ios`);
    await page.getByLabel('Android URL').fill(`${origin}/healthz?device=android`);
    expect(await page.getByText("In your browser's time zone (Europe/Berlin)").count()).toBe(1);
    if (shots) await checkPage(page, 'link-new-fields');
    else await checkPage(page, 'link-new-fields', false);
    await page.getByRole('button', { name: 'Create link' }).click();
    // Headed by the title, the short URL under it; the title among the details too.
    await page.getByRole('heading', { name: 'Spring sale', level: 1, exact: true }).waitFor();
    expect(await page.locator('.link-short').innerText()).toBe(`${lsk.env.LSK_DEFAULT_DOMAIN}/${alias}`);
    expect(await page.locator('dt:text-is("Title") + dd').innerText()).toBe('Spring sale');
    await page.getByText('0 of 100').waitFor();
    await page.getByText(`iOS → ${origin}/healthz?device=ios`).waitFor();
    if (shots) await checkPage(page, 'link-detail-fields');

    const l = await apiLink(`ext_crm-${store}`);
    expect(page.url()).toBe(`${origin}/dashboard/links/${l.id}`);
    expect(l).toMatchObject({
      title: 'Spring sale',
      external_id: `crm-${store}`,
      status: 'active',
      expired_url: 'https://example.com/sale-over',
      max_clicks: 100,
      password_protected: true,
      device_targeting: { ios: `${origin}/healthz?device=ios`, android: `${origin}/healthz?device=android` },
    });
    expect(new Date(l.expires_at!).toISOString(), 'noon in Berlin (summer time) is 10:00 UTC').toBe('2030-06-01T10:00:00.000Z');
  });

  it('asks an iPhone visitor of the short URL for the password, then sends it to the iOS target', async () => {
    const phone = await browser.newContext({ userAgent: IPHONE_UA, viewport: { width: 390, height: 844 } });
    const visitor = await phone.newPage();
    await visitor.goto(`http://${lsk.env.LSK_DEFAULT_DOMAIN}/${alias}`);
    await visitor.getByText('This link is protected').waitFor();
    await visitor.getByLabel('Password').fill('spring-2027');
    await visitor.getByLabel('Password').press('Enter');
    await visitor.waitForURL(`${origin}/healthz?device=ios`);
    await phone.close();
    const shown = await waitFor(
      async () => {
        await page.reload();
        return (await page.locator('dt:has-text("Clicks used") + dd').innerText()).trim();
      },
      (text) => text === '1 of 100',
      { timeout: 30_000, interval: 250 },
    );
    expect(shown).toBe('1 of 100');
  }, 60_000);

  it('shows the API field errors next to their fields', async () => {
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit link' }).waitFor();
    expect(await page.getByLabel('Keep the current password').isChecked()).toBe(true);
    expect(await page.getByLabel('Expires at').inputValue()).toBe('2030-06-01T12:00');
    await page.getByLabel('Maximum clicks').fill('0');
    await page.getByLabel('URL after expiry').fill('ftp://example.com/over');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('#max_clicks-error').waitFor();
    expect(await page.locator('#max_clicks-error').innerText()).toBe('must be at least 1');
    expect(await page.locator('#expired_url-error').innerText()).toMatch(/http/);
    expect(await page.getByLabel('Maximum clicks').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Maximum clicks').getAttribute('aria-describedby')).toBe('max_clicks-hint max_clicks-error');
    if (shots) await checkPage(page, 'link-edit-errors');
    else await checkPage(page, 'link-edit-errors', false);
  });

  it('clears some fields and changes others, sending only those (emptied ones as null)', async () => {
    await page.getByLabel('Maximum clicks').fill('');
    await page.getByLabel('URL after expiry').fill('');
    await page.getByLabel('Title', { exact: true }).fill('Summer sale');
    await page.getByLabel('Remove the password').check();
    await page.getByLabel('iOS URL').fill('');
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/graphql') && (r.postData() ?? '').includes('DashboardUpdateLink')),
      page.getByRole('button', { name: 'Save changes' }).click(),
    ]);
    const sent = (JSON.parse(request.postData()!) as { variables: Record<string, unknown> }).variables;
    const l = await apiLink(`ext_crm-${store}`);
    expect(sent).toEqual({
      id: l.id,
      title: 'Summer sale',
      expired_url: null,
      max_clicks: null,
      password: null,
      device_targeting: { android: `${origin}/healthz?device=android` },
    });
    // Headed by the title, the short URL under it; the title among the details too.
    await page.getByRole('heading', { name: 'Summer sale', level: 1, exact: true }).waitFor();
    expect(await page.locator('.link-short').innerText()).toBe(`${lsk.env.LSK_DEFAULT_DOMAIN}/${alias}`);
    expect(await page.locator('dt:text-is("Title") + dd').innerText()).toBe('Summer sale');
    expect((await page.locator('dt:has-text("Password protected") + dd').innerText()).trim()).toBe('No');
    const after = await apiLink(l.id);
    expect(after).toMatchObject({
      title: 'Summer sale',
      external_id: `crm-${store}`,
      expired_url: null,
      max_clicks: null,
      password_protected: false,
      device_targeting: { android: `${origin}/healthz?device=android` },
    });
    expect(after.device_targeting.ios).toBeUndefined();
    expect(new Date(after.expires_at!).toISOString(), 'expiry untouched').toBe('2030-06-01T10:00:00.000Z');
  });

  it('lists an expired link under the status filter once the server clock passes its expiry', async () => {
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const res = await client(lsk.base, key)('POST', '/v1/links', {
      destination: 'https://example.com/flash',
      alias: `flash-${store}`,
      title: 'Flash sale',
      expires_at: soon,
    });
    expect(res.status).toBe(201);
    writeFileSync(join(clockDir, 'offset'), String(2 * 3_600_000));
    expect((await apiLink(res.body.id)).status).toBe('expired');
    await page.getByRole('link', { name: 'Links', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    await page.getByText('Summer sale').waitFor();
    await page.getByLabel('Status').selectOption('expired');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/\/dashboard\/links\?status=expired$/);
    await page.getByText('Summer sale').waitFor({ state: 'detached' });
    const rows = page.locator('li.row');
    expect(await rows.count(), 'the active link is not listed').toBe(1);
    expect(await rows.first().getByText('Flash sale').count()).toBe(1);
    expect(await rows.first().locator('.badge.danger').innerText()).toBe('Expired');
    if (shots) await checkPage(page, 'links-expired');
    expect(w.problems).toEqual([]);
  });
});
