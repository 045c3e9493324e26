/**
 * The owner's journey through the dashboard in Chromium, on both stores: the first user from the
 * CLI's one-time link → set password → sign in → create a link with geo-targeting → follow it with a
 * browser user agent from that country → see the click (on the link and the analytics page) → edit the link → create an API key (shown
 * once; it works) → invite a viewer, who joins with a new account → sign out. Every page passes axe and is photographed at both sizes.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_UA, checkPage, createUser, launchChromium, openPage, PASSWORD, type PageWatch, signIn } from '../support/dashboard.js';
import { type Lsk, STORES, startLsk, visit } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';

describe.each(STORES)('the owner journey on %s', (store) => {
  let lsk: Lsk;
  let browser: Browser;
  let w: PageWatch;
  let page: Page;
  let origin = '';
  const shots = store === 'sqlite';
  const alias = `spring-${store}`;

  beforeAll(async () => {
    lsk = await startLsk(store, { env: { LSK_COUNTRY_HEADER: 'x-test-country' } });
    browser = await launchChromium();
    expect((await lsk.cli(['workspace', 'create', 'acme'])).code).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await lsk?.stop();
  });

  it('sets the password from the CLI link, which signs the browser in', async () => {
    const link = await createUser(lsk, 'owner@example.com', 'acme', 'owner');
    origin = new URL(link).origin;
    w = await openPage(browser, origin);
    page = w.page;
    await page.goto(link);
    await page.getByRole('heading', { name: 'Set your password' }).waitFor();
    if (shots) await checkPage(page, 'set-password');
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('The same password again').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    expect(page.url(), 'the token leaves the address bar').toBe(`${origin}/dashboard/links`);
    await page.getByText('No links yet.').waitFor();
    if (shots) await checkPage(page, 'links-empty');
    // Its Analytics page has nothing to share or download yet: it says to make a first link instead.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Analytics' }).click();
    await page.getByText('No links in this workspace yet.').waitFor();
    expect(await page.getByRole('link', { name: 'Create a link' }).getAttribute('href')).toBe('/dashboard/links/new');
    expect(await page.getByRole('button', { name: /^Share$|^Download/ }).count()).toBe(0);
    if (shots) await checkPage(page, 'analytics-no-links');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Links' }).click();
    await page.getByText('No links yet.').waitFor();
  });

  it('creates a link with geo-targeting through the form', async () => {
    await page.getByRole('link', { name: 'New link' }).click();
    await page.getByRole('heading', { name: 'New link' }).waitFor();
    expect(page.url()).toBe(`${origin}/dashboard/links/new`);
    await page.getByLabel('Destination URL').fill('https://example.com/spring');
    await page.getByLabel('Alias').fill(alias);
    await page.getByLabel('Tags').fill('campaign, spring');
    await page.getByRole('button', { name: 'Add a country' }).click();
    await page.getByLabel('Country of row 1').selectOption('DE');
    await page.getByLabel('URL for DE').fill('https://example.de/fruehling');
    // The share card names the short URL as the service will answer it: http on the default domain localhost:<port>.
    const card = page.getByRole('figure', { name: 'How the share card looks' });
    expect(await card.locator('strong').textContent()).toBe(`http://${lsk.env.LSK_DEFAULT_DOMAIN}/${alias}`);
    if (shots) await checkPage(page, 'link-new');
    await page.getByRole('button', { name: 'Create link' }).click();
    // A link without a title is headed by its short URL, not named twice.
    await page.getByRole('heading', { name: `${lsk.env.LSK_DEFAULT_DOMAIN}/${alias}`, level: 1 }).waitFor();
    expect(await page.locator('.link-short').count()).toBe(0);
    expect(page.url()).toMatch(new RegExp(`${origin}/dashboard/links/lnk_\\w+$`));
    await page.getByText('Germany (DE) → https://example.de/fruehling').waitFor();
  });

  it('shows the click of a browser from that country, after a reload at the same URL', async () => {
    const res = await visit(lsk.base, `/${alias}`, { host: lsk.env.LSK_DEFAULT_DOMAIN!, 'user-agent': CHROME_UA, 'x-test-country': 'DE' });
    expect(res.status).toBe(302);
    expect(res.location).toBe('https://example.de/fruehling');
    const detail = page.url();
    // The click is written within a second (the recorder's flush); each probe reloads the page. The
    // totals and each panel are reads of their own, each of the moment it ran: a probe counts only
    // when the totals and the Locations panel, both loaded, show the click.
    const locations = page.getByRole('region', { name: 'Locations' });
    const shown = await waitFor(
      async () => {
        await page.goto(detail);
        await page.locator('.totals').waitFor();
        const totals = (await page.locator('.totals').innerText()).trim();
        // No clicks yet: the page shows no panels. (Each fact of the totals is a box of its own, so
        // innerText breaks the line before each dot.)
        if (!/^1 click\s+·/.test(totals)) return { totals, germany: 0 };
        await locations.and(page.locator('[aria-busy="false"]')).waitFor();
        return { totals, germany: await locations.getByRole('button', { name: 'Germany', exact: true }).count() };
      },
      (s) => /^1 click\s+·/.test(s.totals) && s.germany === 1,
      { timeout: 30_000, interval: 250 },
    );
    expect(shown.totals).toMatch(/^1 click\s+·/);
    await locations.getByRole('button', { name: 'Germany', exact: true }).waitFor();
    // One click is "this click", not "these 1 clicks".
    await page.getByRole('region', { name: 'Recent clicks' }).getByRole('button', { name: 'Download this click (CSV)' }).waitFor();
    if (shots) await checkPage(page, 'link-detail');
  }, 60_000);

  it('shows the click on the analytics page: over time in a time zone, by country and as a top link', async () => {
    const detail = page.url();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    expect(page.url()).toBe(`${origin}/dashboard/analytics`);
    await page.getByRole('combobox', { name: 'Time zone' }).fill('berlin');
    await page
      .getByRole('listbox', { name: 'Time zones' })
      .getByRole('option', { name: /Berlin/ })
      .click();
    await page.waitForURL(`${origin}/dashboard/analytics?tz=Europe%2FBerlin`);
    await page.getByRole('figure').getByText('Clicks per day (Europe/Berlin)').waitFor();
    expect((await page.locator('.totals').innerText()).trim()).toMatch(/^1 click\s+·/);
    await page.getByRole('region', { name: 'Locations' }).getByRole('button', { name: 'Germany', exact: true }).waitFor();
    await page
      .getByRole('region', { name: 'Links' })
      .getByRole('button', { name: `${lsk.env.LSK_DEFAULT_DOMAIN}/${alias}`, exact: true })
      .waitFor();
    if (shots) await checkPage(page, 'analytics-first-click');
    await page.goto(detail);
  });

  it("shows the link's own clicks by hour on its page", async () => {
    await page.getByRole('heading', { name: 'Clicks', level: 2, exact: true }).waitFor();
    await page.getByLabel('Interval').selectOption('hour');
    await page.waitForURL(/\/dashboard\/links\/lnk_\w+\?interval=hour$/);
    await page.getByRole('figure').getByText('Clicks per hour (', { exact: false }).waitFor();
    expect((await page.locator('.totals').innerText()).trim()).toMatch(/^1 click\s+·/);
    await page.goBack();
    await page.getByRole('link', { name: 'Edit' }).waitFor();
  });

  it('edits the link and lists it with its tags', async () => {
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit link' }).waitFor();
    await page.getByLabel('Destination URL').fill('https://example.com/summer');
    if (shots) await checkPage(page, 'link-edit');
    await page.getByRole('button', { name: 'Save changes' }).click();
    // Saved: the link's page names the new destination under its short URL and in its details.
    await page.locator('.link-head').getByRole('link', { name: 'https://example.com/summer' }).waitFor();
    await page.locator('dl.facts').getByRole('link', { name: 'https://example.com/summer' }).waitFor();
    await page.getByRole('link', { name: 'Links', exact: true }).first().click();
    await page.getByText('→ https://example.com/summer').waitFor();
    await page.getByRole('link', { name: 'campaign' }).first().click();
    await page.waitForURL(/\/dashboard\/links\?tag=campaign$/);
    await page.getByText('→ https://example.com/summer').waitFor();
    if (shots) await checkPage(page, 'links');
  });

  it('creates an API key, shown once, that works against the API', async () => {
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByLabel('Name of a new key').fill('laptop');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('new-key').innerText()).trim();
    expect(secret).toMatch(/^lsk_live_/);
    if (shots) await checkPage(page, 'keys');
    const api = await fetch(`${lsk.base}/v1/links`, { headers: { authorization: `Bearer ${secret}` } });
    expect(api.status).toBe(200);
    expect(((await api.json()) as { data: { alias: string }[] }).data.map((l) => l.alias)).toEqual([alias]);
    await page.reload();
    await page.getByRole('cell', { name: /^laptop key_/ }).waitFor();
    expect(await page.getByTestId('new-key').count(), 'the secret is not shown again').toBe(0);
  });

  it('invites a viewer, who accepts with a new account and can read but not change', async () => {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Members' }).click();
    await page.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
    await page.getByLabel('Invite by email').fill('viewer@example.com');
    await page.getByLabel('Role', { exact: true }).selectOption('viewer');
    await page.getByRole('button', { name: 'Create invite' }).click();
    const url = (await page.getByTestId('invite-url').innerText()).trim();
    expect(url).toMatch(new RegExp(`^${origin}/dashboard/accept-invite#token=`));
    await page.getByRole('cell', { name: 'viewer@example.com', exact: true }).waitFor();
    if (shots) await checkPage(page, 'members');
    const other = await openPage(browser, origin);
    await other.page.goto(url);
    await other.page.getByRole('heading', { name: 'Accept an invite' }).waitFor();
    if (shots) await checkPage(other.page, 'accept-invite');
    await other.page.getByLabel('Your name').fill('Vera Viewer');
    await other.page.getByLabel('Password').fill(PASSWORD);
    await other.page.getByRole('button', { name: 'Create account and join' }).click();
    await other.page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    await other.page.getByText(`${lsk.env.LSK_DEFAULT_DOMAIN}/${alias}`).waitFor();
    expect(await other.page.getByRole('link', { name: 'New link' }).count()).toBe(0);
    expect(other.problems).toEqual([]);
    await other.context.close();
    await page.reload();
    await page.getByRole('cell', { name: /Vera Viewer/ }).waitFor();
    expect(await page.getByRole('cell', { name: 'viewer@example.com', exact: true }).count(), 'the invite is used up').toBe(0);
    // The role picker sends a value of the schema's Role enum (updateMember(role: $role) with $role: Role!).
    await page.getByRole('combobox', { name: 'Role of viewer@example.com' }).selectOption('member');
    await page.getByText('viewer@example.com is now member.').waitFor();
  });

  it('shows tags, domains, the workspace and the account', async () => {
    for (const [nav, heading, name, text] of [
      ['Tags', 'Tags', 'tags', 'campaign'],
      ['Domains', 'Domains', 'domains', 'No custom domains yet.'],
      ['Workspace', 'Workspace', 'workspace', 'acme'],
      ['Account', 'Account', 'account', 'owner@example.com'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: nav }).click();
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByText(text).first().waitFor();
      if (shots) await checkPage(page, name);
    }
  });

  it('signs out: the pages ask for sign-in again, and the API refuses the old cookie', async () => {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Account' }).click();
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === 'lsk_session');
    expect(session?.httpOnly).toBe(true);
    await page.getByRole('button', { name: 'Sign out of this browser' }).click();
    await page.getByRole('heading', { name: 'Sign in to lsk' }).waitFor();
    await page.goto(`${origin}/dashboard/links`);
    await page.getByRole('heading', { name: 'Sign in to lsk' }).waitFor();
    expect(new URL(page.url()).searchParams.get('next')).toBe('/links');
    const res = await fetch(`${lsk.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `lsk_session=${session!.value}`, 'lsk-workspace': 'acme', 'x-lsk-csrf': '1' },
      body: JSON.stringify({ query: '{ links { data { id } } }' }),
    });
    expect(res.status).toBe(401);
    await signIn(page, origin, 'owner@example.com');
    expect(w.problems).toEqual([]);
  });
});
