/**
 * The dashboard's Reports page (docs/adr/0219) in Chromium on the journey stores (docs/adr/0225), with a real SMTP server:
 * a report refused without recipients (the field says why), made for a tag and two members, sent
 * now (the message arrives), switched to monthly, deleted; a link picked by its title or short URL with
 * the keyboard (a combobox), its report named by its short URL. The page passes axe and is photographed
 * at 1280 and 390 px.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, checkPage, createUser, expectAccessible, launchChromium, signedInUser } from '../support/dashboard.js';
import { readMessage } from '../support/mime.js';
import { client, DASHBOARD_STORES, type Lsk, startLsk } from '../support/server.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';
import { waitFor } from '../support/wait-for.js';

describe.each(DASHBOARD_STORES)('the Reports page on %s', (store) => {
  let lsk: Lsk;
  let smtp: TestSmtp;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let origin = '';
  let key = '';
  const shots = store === 'sqlite';
  const owner = `owner.${store}@example.com`;
  const colleague = `colleague.${store}@example.com`;

  beforeAll(async () => {
    smtp = await startSmtp();
    lsk = await startLsk(store, { env: { LSK_SMTP_URL: smtp.url } });
    browser = await launchChromium();
    key = await lsk.workspace('acme', ['--rpm', '1000000']);
    await createUser(lsk, colleague, 'acme', 'member');
    const signed = await signedInUser(lsk, browser, { email: owner, workspace: 'acme', role: 'owner' }, { timezoneId: 'Europe/Berlin' });
    ({ origin, page, problems } = signed);
  }, 150_000);
  afterAll(async () => {
    await browser?.close();
    await lsk?.stop();
    await smtp?.stop();
  });

  it('makes a report for a tag and two members, refusing one without recipients first', async () => {
    await page.goto(`${origin}/dashboard/reports`);
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.getByText('No reports yet.').waitFor();
    // The zone is the overview's picker (docs/adr/0237): the browser's zone first, another chosen from the list by keyboard.
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    expect(await zone.inputValue()).toBe('Europe/Berlin');
    await zone.fill('tokyo');
    await page.getByRole('listbox', { name: 'Time zones' }).getByRole('option', { name: /Tokyo/ }).first().waitFor();
    await zone.press('Enter');
    expect(await zone.inputValue()).toBe('Asia/Tokyo');
    // The combobox's keyboard (docs/adr/0242): ↓ opens on the zone in force; Home, End and Page Down
    // move while the field is empty, ↓ wraps; Escape closes and keeps the zone.
    const zones = page.getByRole('listbox', { name: 'Time zones' });
    const onKeys = zones.getByRole('option', { selected: true });
    const keysOn = async () => [await onKeys.getAttribute('id'), await zone.getAttribute('aria-activedescendant')];
    expect(await zone.getAttribute('aria-expanded')).toBe('false');
    await zone.press('ArrowDown');
    expect(await zone.getAttribute('aria-expanded')).toBe('true');
    expect(await zone.getAttribute('aria-controls')).toBe(await zones.getAttribute('id'));
    expect(await onKeys.innerText()).toMatch(/Tokyo/);
    await zone.press('End');
    expect(await keysOn()).toEqual([await zones.getByRole('option').last().getAttribute('id'), await zones.getByRole('option').last().getAttribute('id')]);
    await zone.press('ArrowDown');
    expect(await onKeys.innerText()).toMatch(/Berlin \(yours\)/);
    await zone.press('PageDown');
    expect(await keysOn()).toEqual(['rpt-timezone-option-10', 'rpt-timezone-option-10']);
    await zone.press('Home');
    expect(await keysOn()).toEqual(['rpt-timezone-option-0', 'rpt-timezone-option-0']);
    await zone.press('Escape');
    expect([await zone.inputValue(), await zone.getAttribute('aria-expanded')]).toEqual(['Asia/Tokyo', 'false']);
    // Ranked: "new" lists New York first (not New Salem, North Dakota, an hour behind it). Tab moves
    // on and picks only an option the keys moved to: typed and left, the zone stays.
    await zone.fill('new');
    expect(await zones.getByRole('option').first().innerText()).toMatch(/New York/);
    await zone.press('Tab');
    expect(await zone.inputValue()).toBe('Asia/Tokyo');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('rpt-scope');
    await zone.fill('new york');
    await zones.getByRole('option', { name: /New York/ }).waitFor();
    await zone.press('ArrowDown');
    await zone.press('ArrowUp');
    await zone.press('Tab');
    expect(await zone.inputValue()).toBe('America/New_York');
    await zone.fill('tokyo');
    await zone.press('Enter');
    expect(await zone.inputValue()).toBe('Asia/Tokyo');
    // A zone the service refuses (one a browser lists that it does not know): the field is marked and
    // its error tied to it, and said (docs/adr/0242).
    await page.route('**/graphql', (route) => {
      const body = route.request().postDataJSON();
      if (!String(body?.query).includes('mutation DashboardCreateAnalyticsReport')) return route.fallback();
      return route.continue({ postData: JSON.stringify({ ...body, variables: { ...body.variables, timezone: 'Mars/Olympus_Mons' } }) });
    });
    await page.getByRole('button', { name: 'Add report' }).click();
    const zoneError = page.locator('#rpt-timezone-error');
    await zoneError.waitFor();
    expect([await zoneError.getAttribute('role'), await zoneError.innerText()]).toEqual(['alert', expect.stringMatching(/not a known IANA time zone/)]);
    expect(await zone.getAttribute('aria-invalid')).toBe('true');
    expect((await zone.getAttribute('aria-describedby'))?.split(' ')).toContain('rpt-timezone-error');
    await expectAccessible(page, 'reports-zone-error');
    await page.unroute('**/graphql');
    await page.getByRole('button', { name: 'Add report' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /at least one member/ })
      .waitFor();
    await page.getByLabel('Counts').selectOption('tag');
    await page.getByLabel('One tag').fill('spring');
    expect(await zone.getAttribute('aria-invalid')).toBeNull();
    expect(await zoneError.count()).toBe(0);
    await page.getByRole('checkbox', { name: owner }).check();
    await page.getByRole('checkbox', { name: colleague }).check();
    await page.getByRole('button', { name: 'Add report' }).click();
    const row = page.locator('li.row').filter({ hasText: 'Weekly · tag spring' });
    await row.waitFor();
    expect(await row.innerText()).toContain(`To ${owner}, ${colleague}`);
    // The facts of a row are set apart by Dotted (ui/dotted.tsx), so no "·" starts a line at 390 px.
    expect(await row.locator('.dotted').allTextContents()).toEqual([
      'Weekly · tag spring',
      expect.stringMatching(/^Next .+ \(Asia\/Tokyo\) · last scheduled send never$/),
    ]);
    if (shots) await checkPage(page, 'reports');
  });

  it('sends a report now: the page says to how many, and the message arrives', async () => {
    await page.getByRole('button', { name: 'Send now (tag spring)' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Sent to 2 member\(s\): \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d\./ })
      .waitFor();
    const [mail] = await waitFor(
      async () => smtp.to(colleague),
      (m) => m.length >= 1,
      { timeout: 10_000 },
    );
    expect(readMessage(mail!.raw).subject).toMatch(/^acme — clicks .+: 0 \(= 0 %\)$/);
    if (shots) await checkPage(page, 'reports-sent');
  });

  it('switches a report to monthly and deletes it', async () => {
    await page.getByRole('button', { name: 'Make monthly (tag spring)' }).click();
    await page.locator('li.row').filter({ hasText: 'Monthly · tag spring' }).waitFor();
    await page.getByRole('button', { name: 'Delete (tag spring)' }).click();
    await page.getByText('No reports yet.').waitFor();
    expect(problems).toEqual([]);
  });

  it('picks a link by its title or short URL with the keyboard, keeps its id, and names the report by the short URL', async () => {
    const api = client(lsk.base, key);
    const made = await api('POST', '/v1/links', { destination: 'https://example.com/sale', alias: 'spring-sale', title: 'Spring sale' });
    expect(made.status).toBe(201);
    expect((await api('POST', '/v1/links', { destination: 'https://example.com/autumn', alias: 'autumn-sale' })).status).toBe(201);
    const bare = made.body.short_url.replace(/^https?:\/\//, '');
    await page.getByLabel('Counts').selectOption('link_id');
    const box = page.getByRole('combobox', { name: 'Link' });
    const list = page.getByRole('listbox', { name: 'Link: links found' });
    // "sale" finds both, newest first; Down moves to the second, Up back, Down again, Enter picks it.
    await box.fill('sale');
    await list.getByRole('option').nth(1).waitFor();
    expect(await list.getByRole('option').allInnerTexts()).toEqual([expect.stringMatching(/autumn-sale/), expect.stringMatching(/spring-sale\s+Spring sale/)]);
    await page.getByText('2 links found.').waitFor();
    const second = await list.getByRole('option').nth(1).getAttribute('id');
    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBe(second);
    expect(await list.getByRole('option', { selected: true }).innerText()).toMatch(/spring-sale/);
    if (shots) await checkPage(page, 'reports-link-picker');
    await box.press('ArrowUp');
    expect(await box.getAttribute('aria-activedescendant')).not.toBe(second);
    await box.press('ArrowDown');
    await box.press('Enter');
    expect(await box.inputValue()).toBe(bare);
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    // Typed as a short URL, the alias is what is searched; Escape closes the list and keeps the text.
    await box.fill(made.body.short_url);
    await list.getByRole('option', { name: new RegExp(bare) }).waitFor();
    expect(await list.getByRole('option').count()).toBe(1);
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.getByRole('checkbox', { name: owner }).check();
    await page.getByRole('button', { name: 'Add report' }).click();
    const name = `link ${bare}`;
    await page
      .locator('li.row')
      .filter({ hasText: `Weekly · ${name}` })
      .waitFor();
    // The report counts that link: kept by its id.
    const kept = await api('GET', '/v1/analytics/reports');
    expect(kept.body.data.map((r: { link_id: string | null }) => r.link_id)).toEqual([made.body.id]);
    expect(await page.locator('li.row').filter({ hasText: made.body.id }).count()).toBe(0);
    // The form starts again empty.
    expect(await page.getByRole('combobox', { name: 'Link' }).inputValue()).toBe('');
    await page.getByRole('button', { name: `Delete (${name})` }).click();
    await page.getByText('No reports yet.').waitFor();
    expect(problems).toEqual([]);
  });

  it('keeps the list closed and unannounced when a search answers after the text is cleared or a link picked, and not expanded when nothing matches', async () => {
    const box = page.getByRole('combobox', { name: 'Link' });
    const list = page.getByRole('listbox', { name: 'Link: links found' });
    const status = page.locator('.link-picker [aria-live]');
    const isSearch = (postData: string | null) => postData?.includes('DashboardReportLinkSearch') === true;
    // Holds the next search until `release`, then waits until the page has handled its answer.
    const holdSearch = async () => {
      let caught!: () => void;
      const held = new Promise<void>((resolve) => (caught = resolve));
      let release!: () => Promise<void>;
      await page.route('**/graphql', async (route) => {
        if (!isSearch(route.request().postData())) return route.fallback();
        release = async () => {
          const answered = page.waitForResponse((r) => isSearch(r.request().postData()));
          await route.continue();
          await (await answered).finished();
          await page.unroute('**/graphql');
          await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        };
        caught();
      });
      return { held, release: () => release() };
    };
    const api = client(lsk.base, key);
    for (const alias of ['late-winter', 'late-summer'])
      expect((await api('POST', '/v1/links', { destination: `https://example.com/${alias}`, alias })).status).toBe(201);
    await page.goto(`${origin}/dashboard/reports`);
    await page.getByRole('button', { name: 'Add report' }).waitFor();
    await page.getByLabel('Counts').selectOption('link_id');
    // Cleared while "late" is being searched: the late answer neither opens the list nor is announced.
    const first = await holdSearch();
    await box.fill('late');
    await first.held;
    await box.fill('');
    await first.release();
    expect(await list.isHidden()).toBe(true);
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await status.innerText()).toBe('');
    // Picked while a narrower search is on its way: the list stays closed and "Picked …" stays said.
    await box.fill('late-win');
    await page.getByText('1 link found.').waitFor();
    const second = await holdSearch();
    await box.fill('late-wint');
    await second.held;
    await box.press('Enter');
    await page.getByText(/^Picked /).waitFor();
    await second.release();
    expect(await list.isHidden()).toBe(true);
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await status.innerText()).toMatch(/^Picked .*late-winter\.$/);
    // Nothing matching: said, and the combobox is not expanded over a hidden list.
    await box.fill('no-such-link-anywhere');
    await page.getByText('No link matches.').waitFor();
    expect(await list.isHidden()).toBe(true);
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(problems).toEqual([]);
  });

  it('lists the offsets in force when the zone list opens, on a page left open across summer time, and passes axe with each list open at 390 px', async () => {
    await page.goto(`${origin}/dashboard/reports`);
    await page.getByRole('button', { name: 'Add report' }).waitFor();
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    const berlin = page
      .getByRole('listbox', { name: 'Time zones' })
      .getByRole('option', { name: /Berlin/ })
      .first();
    // The night Berlin's clocks go forward, 01:00 UTC (docs/adr/0242): before, then after on the same page.
    await page.clock.setFixedTime(new Date('2026-03-29T00:30:00Z'));
    await zone.fill('berlin');
    expect(await berlin.innerText()).toMatch(/^UTC\+01:00\s+Berlin/);
    await zone.press('Escape');
    await page.clock.setFixedTime(new Date('2026-03-29T01:30:00Z'));
    await zone.fill('berlin');
    expect(await berlin.innerText()).toMatch(/^UTC\+02:00\s+Berlin/);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'reports-zone-list-390');
    if (shots) await page.screenshot({ path: join(ARTIFACTS, 'reports-zone-list-390x844.png') });
    await zone.press('Escape');
    await page.getByLabel('Counts').selectOption('link_id');
    const box = page.getByRole('combobox', { name: 'Link' });
    await box.fill('late');
    await page.getByRole('listbox', { name: 'Link: links found' }).getByRole('option').first().waitFor();
    await expectAccessible(page, 'reports-link-list-390');
    if (shots) await page.screenshot({ path: join(ARTIFACTS, 'reports-link-list-390x844.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(problems).toEqual([]);
  });
});
