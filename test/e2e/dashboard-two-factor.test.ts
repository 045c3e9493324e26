/**
 * Two-factor sign-in in the dashboard (Chromium, the journey stores of docs/adr/0225): an owner sets up an authenticator
 * app from the QR code, keeps the recovery codes (downloaded), signs in in two steps, ends another
 * session from the account page, and requires a second factor of the workspace; a member without
 * one is then sent to the account page. Also the forgot-password and accept-invite pages.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock, totp } from '../api/_two-factor.js';
import { checkPage, createUser, downloaded, launchChromium, openPage, PASSWORD, type PageWatch, setPasswordByApi, signedInUser } from '../support/dashboard.js';
import { client, DASHBOARD_STORES, type Lsk, startLsk } from '../support/server.js';

describe.each(DASHBOARD_STORES)('two-factor sign-in in the dashboard on %s', (store) => {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-dash-2fa-'));
  const clock = new TestClock(join(dir, 'offset-ms'));
  const shots = store === 'sqlite';
  let lsk: Lsk;
  let browser: Browser;
  let w: PageWatch;
  let page: Page;
  let origin = '';
  let key = '';
  let secret = '';

  beforeAll(async () => {
    lsk = await startLsk(store, { env: { LSK_TEST_CLOCK_FILE: join(dir, 'offset-ms') } });
    browser = await launchChromium();
    key = await lsk.workspace('acme');
    const user = await signedInUser(lsk, browser, { email: 'owner@example.com', workspace: 'acme', role: 'owner' });
    ({ origin } = user);
    w = user;
    page = w.page;
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await lsk?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sets up an authenticator app from the QR code and keeps the recovery codes (downloaded once)', async () => {
    await page.goto(`${origin}/dashboard/account`);
    await page.getByRole('heading', { name: 'Authenticator app' }).waitFor();
    if (shots) await checkPage(page, 'account');
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await page.getByRole('img', { name: 'QR code to add lsk to your authenticator app' }).waitFor();
    secret = await page.getByTestId('totp-secret').innerText();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Code from the app').fill('000000' === (await totp(secret, clock)) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.locator('#totp-code-error').waitFor();
    if (shots) await checkPage(page, 'account-totp-setup');
    await page.getByLabel('Code from the app').fill(await totp(secret, clock));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const shown = (await codes.allInnerTexts()).map((c) => c.trim());
    const file = await downloaded(page, () => page.getByRole('button', { name: 'Download' }).click());
    expect(file.name).toBe('lsk-recovery-codes.txt');
    expect(file.body.toString('utf8').trim().split('\n').slice(-10)).toEqual(shown);
    if (shots) await checkPage(page, 'account-recovery-codes');
    await page.getByRole('button', { name: 'I saved them' }).click();
    await page.getByRole('button', { name: 'Turn off' }).waitFor();
    await page.locator('dl.facts dd', { hasText: /^On: authenticator app$/ }).waitFor();
    clock.nextStep();
  });

  it('signs in in two steps: the password, then the code from the app', async () => {
    await page.getByRole('button', { name: 'Sign out of this browser' }).click();
    await page.getByRole('heading', { name: 'Sign in to lsk' }).waitFor();
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    if (shots) await checkPage(page, 'sign-in-second-step');
    await page.getByLabel('Code').fill('123 456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'not right' }).waitFor();
    await page.getByLabel('Code').fill(await totp(secret, clock));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    clock.nextStep();
  });

  it('lists where the account is signed in and signs another browser out', async () => {
    const other = await client(lsk.base)('POST', '/auth/sign-in', { email: 'owner@example.com', password: PASSWORD });
    const challenge = other.body.challenge as string;
    const done = await client(lsk.base)(
      'POST',
      '/auth/sign-in/verify',
      { challenge, code: await totp(secret, clock) },
      { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' },
    );
    expect(done.status).toBe(204);
    const otherCookie = /lsk_session=[^;]+/.exec(done.headers.get('set-cookie')!)![0];
    await page.goto(`${origin}/dashboard/account`);
    const table = page.getByRole('region', { name: 'Where you are signed in' });
    await table.getByText('this browser').waitFor();
    await table.getByText('Firefox on Linux').waitFor();
    if (shots) await checkPage(page, 'account-sessions');
    await table.getByRole('button', { name: /^Sign out Firefox on Linux/ }).click();
    await table.getByText('Firefox on Linux').waitFor({ state: 'detached' });
    expect((await client(lsk.base)('GET', '/auth/session', undefined, { cookie: otherCookie })).status).toBe(401);
    clock.nextStep();
  });

  it('requires a second factor in the workspace: a member without one is sent to the account page', async () => {
    await page.goto(`${origin}/dashboard/workspace`);
    await page.getByRole('button', { name: 'Require two-factor sign-in' }).click();
    await page.getByRole('button', { name: 'Stop requiring two-factor sign-in' }).waitFor();
    if (shots) await checkPage(page, 'workspace-require-2fa');
    const link = await createUser(lsk, 'member@example.com', 'acme', 'member');
    await setPasswordByApi(link);
    const m = await openPage(browser, origin);
    await m.page.goto(`${origin}/dashboard/sign-in`);
    await m.page.getByLabel('Email').fill('member@example.com');
    await m.page.getByLabel('Password').fill(PASSWORD);
    await m.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await m.page.getByRole('heading', { name: 'Two-factor sign-in required' }).waitFor();
    if (shots) await checkPage(m.page, 'two-factor-required');
    await m.page.getByRole('link', { name: 'your account page' }).click();
    await m.page.getByRole('alert').filter({ hasText: 'requires two-factor sign-in' }).waitFor();
    expect(m.problems).toEqual([]);
    await m.context.close();
    expect((await client(lsk.base, key)('GET', '/v1/workspace')).body.require_2fa).toBe(true);
  });

  it('offers a forgotten-password page (here without email: it names the operator command) and names an invite’s workspace, role and email', async () => {
    const visitor = await openPage(browser, origin);
    await visitor.page.goto(`${origin}/dashboard/sign-in`);
    await visitor.page.getByRole('link', { name: 'Forgot your password?' }).click();
    await visitor.page.getByText('lsk user reset-password').waitFor();
    if (shots) await checkPage(visitor.page, 'forgot-password');
    const invite = await client(lsk.base, key)('POST', '/v1/invites', { email: 'new.person@example.com', role: 'viewer' });
    await visitor.page.goto(invite.body.url);
    await visitor.page.getByRole('heading', { name: 'Accept an invite' }).waitFor();
    const facts = visitor.page.locator('dl.facts');
    await facts.getByText('new.person@example.com').waitFor();
    expect(await facts.innerText()).toMatch(/Workspace\s+acme\s+Role\s+viewer\s+For\s+new\.person@example\.com/);
    if (shots) await checkPage(visitor.page, 'accept-invite');
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();
  });

  it('reported no CSP violation, script error or request off the origin', () => {
    expect(w.problems).toEqual([]);
  });
});
