/**
 * The analytics overview in Chromium, on both stores, over real clicks: visits to two links with
 * browser user agents, countries, regions and cities from trusted headers, languages, referrers, UTM
 * parameters and QR scans (`?qr=1`). Clicking a row filters the view (a chip), a second button
 * excludes, chips switch and go away; presets, a custom range, the interval and the time zone live in
 * the address, so reload and Back keep the view; the world map filters too; the CSV download holds
 * what is shown; the recent clicks load page by page; a link's page shows its clicks first. Every
 * view passes axe and is photographed at 1280 and 390 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aliasOverflow,
  expectOverviewCsv,
  expectOverviewPanels,
  expectPhoneClickList,
  hostCut,
  overviewParts,
  seedVisits,
  shownTexts,
} from '../support/analytics-journey.js';
import { checkPage, downloadedText, launchChromium, type PageWatch, signedInUser } from '../support/dashboard.js';
import { type Lsk, STORES, startLsk } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';

describe.each(STORES)('the analytics overview on %s', (store) => {
  let lsk: Lsk;
  let browser: Browser;
  let w: PageWatch;
  let page: Page;
  let origin = '';
  let springId = '';
  const shots = store === 'sqlite';
  const { totals, region, chips } = overviewParts(() => page);

  beforeAll(async () => {
    lsk = await startLsk(store, { env: { LSK_COUNTRY_HEADER: 'x-country', LSK_REGION_HEADER: 'x-region', LSK_CITY_HEADER: 'x-city' } });
    browser = await launchChromium();
    const key = await lsk.workspace('acme', ['--rpm', '1000000']);
    springId = await seedVisits(lsk, key);
    const signed = await signedInUser(lsk, browser, { email: 'owner@example.com', workspace: 'acme', role: 'owner' }, { timezoneId: 'UTC' });
    w = signed;
    ({ origin, page } = signed);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await totals(26);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await lsk?.stop();
  });

  it('shows totals, the time series, the map and every panel with shares', async () => {
    await expectOverviewPanels(page, region);
    expect(w.problems).toEqual([]);
    if (shots) await checkPage(page, 'analytics');
  });

  it("keeps a link's alias readable at 390 px: its host is what gets shortened", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const row = region('Links').getByRole('button', { name: /^localhost:\d+\/autumn$/ });
    const overflow = await aliasOverflow(row, 'autumn');
    // The host cut after a whole character, its ellipsis against the path: no blank room before it (docs/adr/0237).
    const narrow = await hostCut(row);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(overflow, 'how far the alias runs past the box that holds (and cuts) it').toBeLessThanOrEqual(0.5);
    expect(narrow?.blank).toBeLessThanOrEqual(1);
    expect(narrow?.joins).toBeLessThanOrEqual(0.5);
    await row.locator('.share-cut').waitFor({ state: 'detached' });
  });

  it('filters by a clicked row, excludes with the second button, and keeps both across reload and Back', async () => {
    await region('Locations').getByRole('button', { name: 'Germany', exact: true }).click();
    await page.waitForURL(/\/dashboard\/analytics\?country=DE$/);
    await totals(7);
    expect(await chips().innerText()).toMatch(/Country\s*is\s*Germany/);
    expect(await region('Locations').getByRole('button', { name: 'Germany', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await region('Devices').getByRole('button', { name: 'Exclude Mobile' }).click();
    await page.waitForURL(/\?country=DE&device=%21mobile$/);
    await totals(4);
    expect(await chips().innerText()).toMatch(/Device\s*is not\s*Mobile/);
    await region('Languages')
      .getByRole('row', { name: /German \(de\) 4 100%/ })
      .waitFor();
    await page.reload();
    await totals(4);
    expect(await chips().getByRole('listitem').count()).toBe(3);
    if (shots) await checkPage(page, 'analytics-filtered');
    await page.goBack();
    await page.waitForURL(/\?country=DE$/);
    await totals(7);
    await page.goBack();
    await page.waitForURL(/\/dashboard\/analytics$/);
    await totals(26);
    expect(await chips().count()).toBe(0);
  });

  it('switches a chip between is and is not, and removes it', async () => {
    await page.goto(`${origin}/dashboard/analytics?trigger=qr`);
    await totals(4);
    await chips()
      .getByRole('button', { name: /^Trigger is QR code: switch to is not$/ })
      .click();
    await page.waitForURL(/\?trigger=%21qr$/);
    await totals(22);
    await chips()
      .getByRole('button', { name: /^Remove the filter Trigger is not QR code$/ })
      .click();
    await page.waitForURL(/\/dashboard\/analytics$/);
    await totals(26);
  });

  it('keeps the keyboard on the chips as they are removed, then on the period', async () => {
    await page.goto(`${origin}/dashboard/analytics?country=DE&trigger=qr`);
    await totals(3);
    const focused = () =>
      page.evaluate(() => {
        const e = document.activeElement;
        return !e || e === document.body ? 'BODY' : (e.getAttribute('aria-label') ?? e.textContent);
      });
    await chips().getByRole('button', { name: 'Remove the filter Country is Germany' }).focus();
    await page.keyboard.press('Enter');
    await totals(4);
    // Focus goes to the next chip's remove button, not to the page's start (where Tab would begin again).
    expect(await waitFor(focused, (f) => f !== 'BODY', { timeout: 3000 })).toBe('Remove the filter Trigger is QR code');
    await page.keyboard.press('Enter');
    await totals(26);
    // No chip left: focus goes to the period in force.
    expect(await waitFor(focused, (f) => f !== 'BODY', { timeout: 3000 })).toBe('30 d');
  });

  it('filters by a country on the map, by keyboard', async () => {
    const japan = region('Map').getByRole('button', { name: 'Japan: 1 click (4%)' });
    await japan.focus();
    await region('Map').locator('p', { hasText: 'Japan: 1 click (4%)' }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\?country=JP$/);
    await totals(1);
    await region('Map').getByRole('button', { name: 'Japan: 1 click (100%)' }).waitFor();
    await page.goBack();
    await totals(26);
  });

  // Each view asks about nine questions; on a loaded machine with FerretDB a view takes seconds.
  it('changes the period with presets, the interval and the time zone, all in the address', async () => {
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '24 h' }).click();
    await page.waitForURL(/\?range=24h$/);
    await page.getByRole('figure').getByText('Clicks per hour (UTC)').waitFor();
    await totals(26);
    await page.getByRole('button', { name: '1 y' }).click();
    await page.waitForURL(/\?range=1y$/);
    await page.getByRole('figure').getByText('Clicks per month (UTC)').waitFor();
    await page.getByLabel('Interval').selectOption('week');
    await page.waitForURL(/\?range=1y&interval=week$/);
    await page.getByRole('figure').getByText('Clicks per week (UTC)').waitFor();
    // The zone is found by offset and city, and picked with the keyboard (docs/adr/0237).
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    const found = page.getByRole('listbox', { name: 'Time zones' }).getByRole('option');
    await zone.press('ArrowDown');
    expect((await shownTexts(found.first(), (t) => t[0] !== ''))[0]).toMatch(/^UTC\+00:00\s+UTC \(yours\)/);
    expect(await found.count()).toBeGreaterThan(300);
    await zone.fill('+9');
    await found.filter({ hasText: 'Seoul' }).waitFor();
    const tokyo = /^UTC\+09:00\s+Tokyo\s+Asia · Japan/;
    expect(await shownTexts(found, (t) => t.some((o) => tokyo.test(o)))).toEqual(expect.arrayContaining([expect.stringMatching(tokyo)]));
    await zone.pressSequentially(' toky');
    await found.nth(1).waitFor({ state: 'detached' });
    await zone.press('Enter');
    await page.waitForURL(/\?range=1y&tz=Asia%2FTokyo&interval=week$/);
    await page.getByRole('figure').getByText('Clicks per week (Asia/Tokyo)').waitFor();
    await page.reload();
    await page.getByRole('figure').getByText('Clicks per week (Asia/Tokyo)').waitFor();
    await totals(26);
    await zone.focus(); // as Tab does: what is typed replaces the zone shown; Escape keeps the zone in force
    await page.keyboard.type('seoul');
    await found.filter({ hasText: 'Seoul' }).waitFor();
    expect(await zone.press('Escape').then(() => zone.inputValue())).toBe('Asia/Tokyo');
  }, 90_000);

  it('shows a custom range with no clicks as an empty state, and goes Back to the view before', async () => {
    await page.getByRole('button', { name: 'Custom' }).click();
    // Open, Custom is not yet in force: only the preset in force reads pressed.
    await page.getByLabel('From', { exact: true }).waitFor();
    const pressed = () => page.locator('.presets button[aria-pressed="true"]').allTextContents();
    expect(await pressed()).toEqual(['1 y']);
    expect(await page.getByRole('button', { name: 'Custom' }).getAttribute('aria-expanded')).toBe('true');
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/\?range=custom&from=2020-01-01&to=2020-01-31&tz=Asia%2FTokyo$/);
    await totals(0);
    expect(await pressed()).toEqual(['Custom']);
    await page.getByText('No clicks in this period yet.').waitFor();
    // The workspace has links: no way to a first one (the owner journey shows a workspace without links); they can still be shared.
    expect(await page.getByRole('link', { name: 'Create a link' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Share', exact: true }).waitFor();
    if (shots) await checkPage(page, 'analytics-empty');
    await page.goBack();
    await page.waitForURL(/\?range=1y&tz=Asia%2FTokyo&interval=week$/);
    await totals(26);
    expect(await page.getByRole('button', { name: '1 y' }).getAttribute('aria-pressed')).toBe('true');
    await page.goto(`${origin}/dashboard/analytics`);
    await totals(26);
  }, 60_000);

  it('shows one error, not one per panel, for a shared address the API refuses (a link that is not there)', async () => {
    await page.goto(`${origin}/dashboard/analytics?link_id=lnk_00000000000000000000`);
    // Panels asked at the same time may answer first; once the totals are refused, one error stays.
    // It says so in words (docs/adr/0217), and the chip names no id but "Unknown link".
    const seen = async () => [await page.getByText('The link in the Link filter is not in this workspace.').count(), await region('Locations').count()];
    expect(await waitFor(seen, ([errors, panels]) => errors === 1 && panels === 0)).toEqual([1, 0]);
    await page.getByRole('button', { name: 'Remove the filter Link is Unknown link' }).click();
    await totals(26);
    await region('Locations').waitFor();
  }, 60_000);

  it('says a hand-edited filter that both keeps and leaves out values is wrong, instead of a chip and a zero, and removes it', async () => {
    await page.goto(`${origin}/dashboard/analytics?country=DE,!US&range=1y`);
    const alert = page.getByRole('alert').filter({ hasText: 'The Country filter in this address both keeps and leaves out values' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain('(DE,!US)');
    expect(await page.getByRole('list', { name: 'Filters' }).count()).toBe(0);
    expect(await page.locator('.totals').count()).toBe(0);
    expect(await region('Locations').count()).toBe(0);
    if (shots) await checkPage(page, 'analytics-mixed-filter');
    await alert.getByRole('button', { name: 'Remove the Country filter' }).click();
    await page.waitForURL(/\/dashboard\/analytics\?range=1y$/);
    await totals(26);
    await page.goto(`${origin}/dashboard/analytics`);
    await totals(26);
  }, 60_000);

  it('names the day at the first label of each day along an hour axis over several days', async () => {
    await page.goto(`${origin}/dashboard/analytics?range=7d&interval=hour`);
    await totals(26);
    // The time labels (the clicks axis has plain numbers).
    const ticks = async () => (await page.getByRole('figure').locator('text.tick').allTextContents()).filter((t) => !/^\d+$/.test(t));
    const day = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2}( \d\d:\d\d)?$/;
    const shown = await waitFor(ticks, (t) => t.filter((x) => day.test(x)).length >= 2);
    // The first label names its day; the others name a day or keep their hour alone.
    expect(shown[0]).toMatch(day);
    for (const t of shown) expect(t).toMatch(/^((Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2}( \d\d:\d\d)?|\d\d:\d\d)$/);
    await page.goto(`${origin}/dashboard/analytics`);
    await totals(26);
  }, 60_000);

  it('downloads what is shown as CSV', async () => {
    await region('Devices').getByRole('button', { name: 'Browsers' }).click();
    await page.waitForURL(/\?dev=browsers$/);
    await region('Devices')
      .getByRole('row', { name: /Chrome 21 81%/ })
      .waitFor();
    expectOverviewCsv(await downloadedText(page, () => page.getByRole('button', { name: 'Download CSV' }).click()));
  });

  it('lists the recent clicks a page at a time, and downloads them', async () => {
    const recent = region('Recent clicks');
    await recent.getByRole('row').nth(20).waitFor();
    expect(await recent.getByRole('row').count(), 'the header and the first 20 clicks').toBe(21);
    await recent.getByRole('button', { name: 'Load more' }).click();
    await recent.getByRole('row').nth(26).waitFor();
    expect(await recent.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(await recent.getByRole('row').filter({ hasText: 'Munich · DE-BY · Germany' }).count()).toBe(3);
    const file = await downloadedText(page, () => recent.getByRole('button', { name: 'Download these 26 clicks (CSV)' }).click());
    const lines = file.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'timestamp (UTC),short_url,title,country,region,city,device,browser,os,referrer_url,utm_source,utm_medium,utm_campaign,trigger,language',
    );
    expect(lines).toHaveLength(27);
    expect(
      lines.filter((l) => l.includes(',DE,DE-BE,Berlin,desktop,Chrome,') && l.includes(',https://news.example/story,newsletter,,launch,link,de')),
    ).toHaveLength(4);
  });

  it("shows a link's clicks first on its page, with the same panels scoped to it", async () => {
    await page.goto(`${origin}/dashboard/links/${springId}`);
    await totals(9);
    // On a phone the clicks are a dense list, the newest 5 first, so the details are not pages away.
    const recent = region('Recent clicks');
    await recent.getByRole('row').nth(9).waitFor();
    expect(await recent.getByRole('button', { name: /^Show all/ }).count(), 'every click shows on a wide screen').toBe(0);
    await expectPhoneClickList(page, recent, 9);
    const headings = await page.getByRole('heading', { level: 2 }).allInnerTexts();
    expect(headings.indexOf('Clicks')).toBeLessThan(headings.indexOf('QR code'));
    expect(headings.indexOf('Clicks')).toBeLessThan(headings.indexOf('Details'));
    expect(await region('Links').count(), 'no breakdown by link on a link').toBe(0);
    // Its creation reads as the dashboard's other dates do (29 Nov 2026, 01:54:53), not 11/29/2026, 1:54:53 AM.
    const created = page.locator('dt', { hasText: /^Created$/ }).locator('xpath=following-sibling::dd[1]');
    expect(await created.innerText()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d:\d\d$/);
    await region('Triggers').getByRole('button', { name: 'QR code', exact: true }).click();
    await page.waitForURL(new RegExp(`/dashboard/links/${springId}\\?trigger=qr$`));
    await totals(3);
    await region('Locations')
      .getByRole('row', { name: /Germany 3 100%/ })
      .waitFor();
    expect(await chips().innerText()).toMatch(/Trigger\s*is\s*QR code/);
    if (shots) await checkPage(page, 'link-clicks');
    expect(w.problems).toEqual([]);
  });
});
