/**
 * Passkeys and single sign-on in the dashboard (Chromium, the journey stores of docs/adr/0225): Chromium's virtual
 * authenticator (DevTools protocol WebAuthn.addVirtualAuthenticator, through playwright-core's CDP
 * session) stands for the device. A passkey is added on the account page, signs in alone, answers
 * the second step after a password, and is removed; "Sign in with SSO" goes through a real
 * oidc-provider's login and consent pages and back to the dashboard.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, createUser, launchChromium, openPage, PASSWORD, setPasswordByApi, signIn } from '../support/dashboard.js';
import { startIdp, type TestIdp } from '../support/oidc.js';
import { client, DASHBOARD_STORES, freePort, type Lsk, startLsk } from '../support/server.js';

describe.each(DASHBOARD_STORES)('passkeys and SSO in the dashboard on %s', (store) => {
  const shots = store === 'sqlite';
  let lsk: Lsk;
  let idp: TestIdp;
  let browser: Browser;
  let w: Awaited<ReturnType<typeof openPage>>;
  let page: Page;
  let cdp: CDPSession;
  let authenticatorId = '';
  let origin = '';
  let key = '';

  beforeAll(async () => {
    const idpPort = await freePort();
    lsk = await startLsk(store, {
      env: { LSK_OIDC_ISSUER: `http://127.0.0.1:${idpPort}`, LSK_OIDC_CLIENT_ID: 'lsk-dashboard', LSK_OIDC_CLIENT_SECRET: 'idp-client-secret-5d1e7a' },
    });
    browser = await launchChromium();
    key = await lsk.workspace('acme');
    const link = await createUser(lsk, 'keyholder@example.com', 'acme', 'owner');
    origin = new URL(link).origin;
    idp = await startIdp(idpPort, [origin]);
    await setPasswordByApi(link);
    w = await openPage(browser, origin);
    page = w.page;
    cdp = await w.context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const added = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    authenticatorId = added.authenticatorId;
    await signIn(page, origin, 'keyholder@example.com');
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await lsk?.stop();
    await idp?.stop();
  });

  const signOut = async () => {
    await page.goto(`${origin}/dashboard/account`);
    await page.getByRole('button', { name: 'Sign out of this browser' }).click();
    await page.getByRole('heading', { name: 'Sign in to lsk' }).waitFor();
  };

  it('adds a passkey on the account page; the device keeps it as a discoverable credential', async () => {
    await page.goto(`${origin}/dashboard/account`);
    await page.getByLabel('Name of the new passkey').fill('This laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('button', { name: 'Remove the passkey This laptop' }).waitFor();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    expect(credentials[0]!.rpId).toBe('localhost');
    if (shots) await checkPage(page, 'account-passkeys');
  });

  it('signs in with the passkey alone (the device verified its user: both factors)', async () => {
    await signOut();
    if (shots) await checkPage(page, 'sign-in');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
  });

  it('asks for the passkey as the second factor after the password', async () => {
    await signOut();
    await page.getByLabel('Email').fill('keyholder@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    expect(await page.getByLabel('Code').count(), 'no app set up: no code field').toBe(0);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
  });

  it('removes the passkey; then it signs in no more and the password alone does', async () => {
    await page.goto(`${origin}/dashboard/account`);
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Remove the passkey This laptop' }).click();
    await page.getByText('No passkey yet.').waitFor();
    await signOut();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('alert').filter({ hasText: 'The passkey was not accepted' }).waitFor();
    await signIn(page, origin, 'keyholder@example.com');
  });

  it("recorded the passkey's addition and removal and the sign-ins it made in the workspace's audit log", async () => {
    const res = await client(lsk.base, key)('GET', '/v1/audit-log?limit=100');
    expect(res.status, res.text).toBe(200);
    const mine = (res.body.data as { action: string; actor: { type: string; label: string }; target: { type: string } }[]).filter(
      (e) => e.actor.type === 'user' && e.actor.label === 'keyholder@example.com',
    );
    const actions = mine.map((e) => e.action);
    // Newest first, from the passkey's addition on: two sign-ins with it, its removal, a password sign-in
    // (the removed passkey's refused try names no account lsk knows: not recorded).
    expect(actions.slice(0, actions.indexOf('user.passkey_added') + 1)).toEqual([
      'user.signed_in',
      'user.signed_out',
      'user.passkey_removed',
      'user.signed_in',
      'user.signed_out',
      'user.signed_in',
      'user.signed_out',
      'user.passkey_added',
    ]);
    for (const e of mine) expect(e.target.type).toBe('user');
  });

  it('signs in with SSO through the identity provider’s own pages', async () => {
    idp.accounts.set('kh-1', { email: 'KeyHolder@example.com', email_verified: true, name: 'Key Holder' });
    const sso = await openPage(browser, origin);
    await sso.page.goto(`${origin}/dashboard/links`);
    await sso.page.getByRole('link', { name: 'Sign in with SSO' }).waitFor();
    expect(sso.problems).toEqual([]);
    await sso.page.getByRole('link', { name: 'Sign in with SSO' }).click();
    await sso.page.locator('input[name="login"]').fill('kh-1');
    await sso.page.locator('input[name="password"]').fill('anything');
    await sso.page.locator('button[type="submit"]').click();
    await sso.page.getByRole('button', { name: 'Continue' }).click();
    await sso.page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    expect(new URL(sso.page.url()).pathname).toBe('/dashboard/links');
    // The provider's own pages load what they like (its development pages load web fonts); lsk's pages load nothing from elsewhere.
    sso.problems.length = 0;
    await sso.page.goto(`${origin}/dashboard/sign-in?sso_error=no_account`);
    await sso.page.getByRole('alert').filter({ hasText: 'No lsk account has the email address' }).waitFor();
    if (shots) await checkPage(sso.page, 'sign-in-sso-error');
    expect(sso.problems).toEqual([]);
    await sso.context.close();
  });

  it('reported no CSP violation, script error or request off the origin', () => {
    expect(w.problems).toEqual([]);
  });
});
