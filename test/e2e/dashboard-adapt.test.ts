/**
 * The editors of links that adapt, in Chromium (SQLite; the API tests run both stores): a UTM
 * template made on its page and applied in the link form (the final URL shown as typed), two rules
 * built from chips and reordered with the keyboard, two variants, a share card, and a bare host that
 * gets https://; the API returns what the form sent; visits of the link show as each variant's clicks
 * in its editor, and the Analytics overview names the link by its title in the Links panel and the
 * recent clicks (cut within its column at 390 px); the share card's preview and the links list name
 * the real default domain and the URL visitors reach (docs/adr/0236). Then a domain's settings page sets the root URL,
 * which the domain answers at once. Each page passes axe and is photographed at 1280 and 390 px.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_UA, checkPage, createUser, downloadedText, launchChromium, openPage, setPasswordByApi, signIn } from '../support/dashboard.js';
import { client, type Lsk, startLsk, visit } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';

/** Long enough to need an ellipsis in the list at 390 px. */
const TITLE = 'Spring sale: fresh fruit, vegetables and flowers for the whole family';

describe('the editors of links that adapt', () => {
  let lsk: Lsk;
  let browser: Browser;
  let page: Page;
  let key = '';
  let origin = '';

  beforeAll(async () => {
    lsk = await startLsk('sqlite');
    browser = await launchChromium();
    key = await lsk.workspace('acme');
    const link = await createUser(lsk, 'owner@example.com', 'acme', 'owner');
    origin = new URL(link).origin;
    await setPasswordByApi(link);
    page = (await openPage(browser, origin)).page;
    await signIn(page, origin, 'owner@example.com');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await lsk?.stop();
  });

  it('makes a UTM template, then a link with rules, variants, UTM values and a share card', async () => {
    await page.goto(`${origin}/dashboard/utm-templates`);
    await page.getByLabel('Template name').fill('Newsletter');
    await page.getByLabel('utm_source').fill('newsletter');
    await page.getByLabel('utm_medium').fill('email');
    await page.getByRole('button', { name: 'Add template' }).click();
    await page.getByText('utm_source=newsletter · utm_medium=email').waitFor();
    await checkPage(page, 'utm-templates');
    // Edit fills the form from the template once it loads; Cancel empties it again.
    await page.getByRole('button', { name: 'Edit Newsletter' }).click();
    await expect.poll(() => page.getByLabel('utm_source').inputValue()).toBe('newsletter');
    expect(await page.getByLabel('Template name').inputValue()).toBe('Newsletter');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Add template' }).waitFor();
    expect(await page.getByLabel('Template name').inputValue()).toBe('');

    await page.goto(`${origin}/dashboard/links/new`);
    await page.getByRole('heading', { name: 'New link' }).waitFor();
    await page.getByLabel('Destination URL').fill('example.com/spring');
    await page.getByLabel('Alias').fill('spring');
    await page.getByLabel('Title', { exact: true }).fill(TITLE);
    await page.getByLabel('Alias').focus();
    expect(await page.getByLabel('Destination URL').inputValue()).toBe('https://example.com/spring');

    for (const [n, type, value, to] of [
      [1, 'country', 'DE', 'https://example.de/fruehling'],
      [2, 'query', 'ref=partner', 'https://example.com/partners'],
    ] as const) {
      await page.getByRole('button', { name: 'Add a rule' }).click();
      await page.getByLabel(`Condition type for rule ${n}`).selectOption(type);
      await page.getByLabel(`Condition value for rule ${n}`).fill(value);
      await page.getByLabel(`Condition value for rule ${n}`).press('Enter');
      await page.getByLabel(`Rule ${n} sends to`).fill(to);
    }
    await page.getByLabel('Move rule 2 (arrow up or down)').press('ArrowUp');
    expect(await page.getByLabel('Rule 1 sends to').inputValue()).toBe('https://example.com/partners');

    await page.getByRole('button', { name: 'Add a variant' }).click();
    await page.getByRole('button', { name: 'Add a variant' }).click();
    await page.getByLabel('URL of variant 1').fill('https://example.com/a');
    await page.getByLabel('Weight of variant 1').fill('70');
    await page.getByLabel('URL of variant 2').fill('https://example.com/b');
    await page.getByLabel('Weight of variant 2').fill('30');

    await page.getByLabel('Apply a template').selectOption({ label: 'Newsletter' });
    await page.getByText('https://example.com/spring?utm_source=newsletter&utm_medium=email').waitFor();
    await page.getByLabel('Card title').fill('Spring <sale>');
    await page.getByLabel('Card description').fill('Fresh fruit, 20 % off');
    // The card's host is the service's default domain, not a placeholder.
    const card = page.getByRole('figure', { name: 'How the share card looks' });
    expect(await card.locator('small').textContent()).toBe(lsk.env.LSK_DEFAULT_DOMAIN);
    expect(await page.getByLabel('Domain').locator('option').first().textContent()).toBe(`Default domain (${lsk.env.LSK_DEFAULT_DOMAIN})`);
    await checkPage(page, 'link-adapt-editors');

    await page.getByRole('button', { name: 'Create link' }).click();
    // A titled link is headed by its title, its short URL under it (and in the tab's name).
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    expect(await page.locator('.link-short').innerText()).toBe(`${lsk.env.LSK_DEFAULT_DOMAIN}/spring`);
    expect(await page.title()).toBe(`${TITLE} · Link · lsk`);
    const api = client(lsk.base, key);
    const list = await api('GET', '/v1/links?q=spring');
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({
      destination: 'https://example.com/spring',
      title: TITLE,
      rules: [
        { if: { query: { ref: 'partner' } }, to: 'https://example.com/partners' },
        { if: { country: ['DE'] }, to: 'https://example.de/fruehling' },
      ],
      variants: [
        { url: 'https://example.com/a', weight: 70 },
        { url: 'https://example.com/b', weight: 30 },
      ],
      utm: { source: 'newsletter', medium: 'email' },
      preview: { title: 'Spring <sale>', description: 'Fresh fruit, 20 % off' },
    });
  }, 120_000);

  it('says on the link page what the link does, and keeps a long title in its column of the list at 390 px', async () => {
    // Under the short URL: the title and where visitors go (the destination with the UTM values).
    const head = page.locator('.link-head');
    await head.getByText(TITLE).waitFor();
    const reach = head.getByRole('link', { name: 'https://example.com/spring?utm_source=newsletter&utm_medium=email' });
    expect(await reach.getAttribute('href')).toBe('https://example.com/spring?utm_source=newsletter&utm_medium=email');
    // The details name every behaviour the form set, not only the plain destination.
    const fact = async (term: string) => (await page.locator(`dt:text-is("${term}") + dd`).innerText()).replace(/\s+/g, ' ').trim();
    expect(await fact('Visitors reach')).toBe('https://example.com/spring?utm_source=newsletter&utm_medium=email');
    expect(await fact('UTM parameters')).toBe('utm_source=newsletter · utm_medium=email (on every target URL)');
    expect(await fact('Redirect rules')).toBe('1. query ref=partner → https://example.com/partners 2. country DE → https://example.de/fruehling');
    expect(await fact('A/B variants')).toBe('https://example.com/a (70 %) https://example.com/b (30 %)');
    expect(await fact('Social preview')).toBe('Spring <sale> · Fresh fruit, 20 % off');
    await checkPage(page, 'link-adapt-detail');
    const linkPage = page.url();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${origin}/dashboard/links`);
    const row = page.locator('li.row').filter({ hasText: TITLE });
    await row.waitFor();
    const [title, column, clicks] = await Promise.all(['.title', '.grow', '.clicks'].map((s) => row.locator(s).boundingBox()));
    expect(title!.x + title!.width, 'the title ends inside its column').toBeLessThanOrEqual(column!.x + column!.width + 0.5);
    expect(title!.x + title!.width, 'the title stops before the clicks').toBeLessThanOrEqual(clicks!.x + 0.5);
    // The row's destination is where visitors go, UTM values included, as on the link page.
    await row.getByText('→ https://example.com/spring?utm_source=newsletter&utm_medium=email', { exact: true }).waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(linkPage);
    await page.locator('.link-head').waitFor();
  });

  it("shows each variant's clicks so far in the editor of the saved link", async () => {
    // 30 draws at 70/30: all on one variant has odds of 2 in 100,000.
    const VISITS = 30;
    const sent: Record<string, number> = {};
    for (let i = 0; i < VISITS; i++) {
      const res = await visit(lsk.base, '/spring', { host: lsk.env.LSK_DEFAULT_DOMAIN!, 'user-agent': CHROME_UA });
      expect(res.status).toBe(302);
      // The variant's URL, with the link's UTM values added.
      const url = new URL(res.location!);
      expect(url.search).toBe('?utm_source=newsletter&utm_medium=email');
      sent[`${url.origin}${url.pathname}`] = (sent[`${url.origin}${url.pathname}`] ?? 0) + 1;
    }
    expect(Object.keys(sent).sort(), 'every visit went to a variant').toEqual(['https://example.com/a', 'https://example.com/b']);
    const label = (n: number) => (n === 0 ? 'No clicks yet' : `${n} ${n === 1 ? 'click' : 'clicks'} · ${Math.round((n / VISITS) * 100)} %`);
    const expected = [label(sent['https://example.com/a']!), label(sent['https://example.com/b']!)];
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit link' }).waitFor();
    // The visits are written within a second (the click recorder's flush); each probe reloads.
    const shown = await waitFor(
      async () => {
        await page.reload();
        await page.getByTestId('variant-clicks-2').waitFor();
        return [await page.getByTestId('variant-clicks-1').innerText(), await page.getByTestId('variant-clicks-2').innerText()];
      },
      (texts) => texts.join('|') === expected.join('|'),
      { timeout: 30_000, interval: 250 },
    );
    expect(shown).toEqual(expected);
    await checkPage(page, 'link-variant-clicks');
  }, 60_000);

  it('names the link by its title in the Links panel and the recent clicks, cut within its column at 390 px', async () => {
    // A click from a long referrer URL: one line, cut with an ellipsis, whole in its tooltip.
    const from = 'https://news.example.org/articles/2026/11/spring-sale-roundup-every-discount-worth-knowing-before-the-weekend';
    expect((await visit(lsk.base, '/spring', { host: lsk.env.LSK_DEFAULT_DOMAIN!, 'user-agent': CHROME_UA, referer: from })).status).toBe(302);
    const referrer = page.locator(`.event-referrer[title="${from}"]`);
    await waitFor(
      async () => {
        await page.goto(`${origin}/dashboard/analytics`);
        await page.getByRole('region', { name: 'Recent clicks', exact: true }).getByRole('cell').first().waitFor();
        return referrer.count();
      },
      (n) => n === 1,
      { timeout: 30_000, interval: 250 },
    );
    // Shown without its scheme, so the host is what a cut line keeps in sight.
    expect(await referrer.textContent()).toBe(from.slice('https://'.length));
    const cut = (el: HTMLElement) => ({
      cut: el.scrollWidth > el.clientWidth,
      lines: Math.round(el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight)),
    });
    expect(await referrer.evaluate(cut), 'one line, cut').toEqual({ cut: true, lines: 1 });
    const short = `${lsk.env.LSK_DEFAULT_DOMAIN}/spring`;
    const links = page.getByRole('region', { name: 'Links', exact: true });
    // One name for the link wherever its title and short URL are said together (the row, the click, the file).
    const name = `${TITLE} · ${short}`;
    const pick = links.getByRole('button', { name, exact: true });
    await pick.waitFor();
    expect(await pick.getAttribute('title')).toBe(`Only ${name}`);
    const recent = page.getByRole('region', { name: 'Recent clicks', exact: true });
    const cell = recent.getByRole('cell', { name: `${TITLE} ${short}` }).first();
    await cell.waitFor();
    expect(await cell.locator('.event-link').getAttribute('title')).toBe(name);
    // The files name the link as the rows do: the overview's label, the clicks' title column.
    const overview = await downloadedText(page, () => page.getByRole('button', { name: 'Download CSV' }).click());
    expect(overview.body).toContain(`"${name}"`);
    const clicks = (await downloadedText(page, () => recent.getByRole('button', { name: /^Download these \d+ clicks \(CSV\)$/ }).click())).body.split('\r\n');
    expect(clicks[0]).toMatch(/^timestamp \([^)]+\),short_url,title,country,/);
    expect(clicks[1]).toContain(`,http://${short},"${TITLE}",`);
    await checkPage(page, 'analytics-link-titles');
    await page.setViewportSize({ width: 390, height: 844 });
    const inside = async (text: Locator, box: Locator) => {
      const [t, b] = await Promise.all([text.boundingBox(), box.boundingBox()]);
      return t!.x + t!.width <= b!.x + b!.width + 0.5;
    };
    expect(await inside(pick.locator('.share-title'), pick), 'the title is cut within its button').toBe(true);
    expect(await inside(cell.locator('.event-title'), recent), 'the title is cut within the panel').toBe(true);
    expect(await inside(referrer, recent), 'the referrer is cut within the panel').toBe(true);
    expect(await referrer.evaluate(cut), 'one line, cut, on a phone').toEqual({ cut: true, lines: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("sets a domain's root URL on its settings page, and the domain answers with it", async () => {
    const api = client(lsk.base, key);
    expect((await api('POST', '/v1/domains', { host: 'go.example.com' })).status).toBe(201);
    await page.goto(`${origin}/dashboard/domains`);
    await page.getByRole('link', { name: 'go.example.com' }).click();
    await page.getByRole('heading', { name: 'go.example.com' }).waitFor();
    await page.getByLabel('Root URL').fill('https://example.com/home');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    await checkPage(page, 'domain-settings');
    const root = await visit(lsk.base, '/', { host: 'go.example.com' });
    expect(root.status).toBe(302);
    expect(root.location).toBe('https://example.com/home');
  });
});
