/**
 * What the dashboard shows when things go wrong (Chromium, the journey stores of docs/adr/0225): a wrong password, an API
 * validation error next to its field, a session expired by the server's clock (LSK_TEST_CLOCK_FILE,
 * no sleeping), and the service gone.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, createUser, launchChromium, openPage, PASSWORD, type PageWatch, setPasswordByApi, signIn } from '../support/dashboard.js';
import { DASHBOARD_STORES, type Lsk, startLsk } from '../support/server.js';

const DAY = 86_400_000;

describe.each(DASHBOARD_STORES)('dashboard failure paths on %s', (store) => {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-dash-clock-'));
  const clockFile = join(dir, 'offset-ms');
  let lsk: Lsk;
  let browser: Browser;
  let w: PageWatch;
  let page: Page;
  let origin = '';
  const shots = store === 'sqlite';

  beforeAll(async () => {
    writeFileSync(clockFile, '0');
    lsk = await startLsk(store, { env: { LSK_TEST_CLOCK_FILE: clockFile } });
    browser = await launchChromium();
    expect((await lsk.cli(['workspace', 'create', 'acme'])).code).toBe(0);
    const link = await createUser(lsk, 'member@example.com', 'acme', 'member');
    origin = new URL(link).origin;
    await setPasswordByApi(link);
    w = await openPage(browser, origin);
    page = w.page;
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await lsk?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('says so when the password is wrong, and stays on the sign-in page', async () => {
    await page.goto(`${origin}/dashboard/links`);
    await page.getByRole('heading', { name: 'Sign in to lsk' }).waitFor();
    if (shots) await checkPage(page, 'sign-in');
    await page.getByLabel('Email').fill('member@example.com');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('invalid_credentials');
    expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
    if (shots) await checkPage(page, 'sign-in-wrong-password');
  });

  it("shows the API's validation errors next to their fields", async () => {
    await signIn(page, origin, 'member@example.com', PASSWORD);
    await page.goto(`${origin}/dashboard/links/new`);
    await page.getByLabel('Destination URL').fill('ftp://example.com/file');
    await page.getByLabel('Alias').fill('dashboard');
    await page.getByRole('button', { name: 'Add a country' }).click();
    await page.getByLabel('Country of row 1').selectOption('FR');
    await page.getByLabel('URL for FR').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Create link' }).click();
    await page.locator('#destination-error').waitFor();
    expect(await page.locator('#destination-error').innerText()).toMatch(/http/i);
    expect(await page.getByLabel('Destination URL').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#alias-error').innerText()).toMatch(/reserved/i);
    expect(await page.locator('.geo-row.invalid .field-error').innerText()).toMatch(/http/i);
    expect(new URL(page.url()).pathname).toBe('/dashboard/links/new');
    if (shots) await checkPage(page, 'link-new-errors');
  });

  it('sends an expired session back to sign-in, then to the page it was on', async () => {
    await page.goto(`${origin}/dashboard/tags`);
    await page.getByRole('heading', { name: 'Tags', level: 1 }).waitFor();
    writeFileSync(clockFile, String(31 * DAY));
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in to lsk' }).waitFor();
    expect(new URL(page.url()).searchParams.get('next')).toBe('/tags');
    writeFileSync(clockFile, String(31 * DAY));
    await page.getByLabel('Email').fill('member@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Tags', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/tags');
  });

  it('says the service cannot be reached when it is gone', async () => {
    await page.goto(`${origin}/dashboard/links`);
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    await lsk.stop();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Domains' }).click();
    await page.getByText('The service cannot be reached').waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    if (shots) await checkPage(page, 'service-down');
    expect(w.problems.filter((p) => !p.startsWith('script error'))).toEqual([]);
  });
});
