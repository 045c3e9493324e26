/**
 * Destination health in the dashboard (Chromium, the journey stores of docs/adr/0225): two links to real local targets, one
 * answering 200 and one 404, checked by the running server on a short interval; the list shows the
 * "Broken destination (HTTP 404)" badge on the broken link only, the "Broken only" filter puts
 * health=broken in the URL and lists just that link, and each link's page says what the last check
 * found. Pages pass axe and are photographed at both sizes.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, createUser, launchChromium, openPage, type PageWatch, setPasswordByApi, signIn } from '../support/dashboard.js';
import { startTargets, type Targets } from '../support/health-targets.js';
import { client, DASHBOARD_STORES, type Lsk, startLsk } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';

describe.each(DASHBOARD_STORES)('destination health in the dashboard on %s', (store) => {
  let lsk: Lsk;
  let targets: Targets;
  let browser: Browser;
  let w: PageWatch;
  let page: Page;
  let api: ReturnType<typeof client>;
  let origin = '';
  const shots = store === 'sqlite';

  beforeAll(async () => {
    targets = await startTargets();
    // 0.0005 hours is 1.8 s: the checks come round while the test runs; the targets live on 127.0.0.1.
    lsk = await startLsk(store, { env: { LSK_HEALTH_INTERVAL_H: '0.0005', LSK_HEALTH_ALLOW_PRIVATE: '127.0.0.1/32' } });
    browser = await launchChromium();
    api = client(lsk.base, await lsk.workspace('acme', ['--rpm', '100000']));
    const link = await createUser(lsk, 'owner@example.com', 'acme', 'owner');
    origin = new URL(link).origin;
    await setPasswordByApi(link);
    w = await openPage(browser, origin);
    page = w.page;
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await lsk?.stop();
    await targets?.close();
  });

  it('badges the broken link, filters to it with health=broken, and shows the last check on its page', async () => {
    const created: Record<string, string> = {};
    for (const [alias, path, title] of [
      ['alive', '/ok', 'Live page'],
      ['dead', '/missing', 'Dead page'],
    ] as const) {
      const res = await api('POST', '/v1/links', { destination: `${targets.base}${path}`, alias, title });
      expect(res.status, res.text).toBe(201);
      created[alias] = res.body.id;
    }
    const healthOf = async (id: string | undefined) => (await api('GET', `/v1/links/${id}`)).body.destination_health;
    await waitFor(
      async () => ({ alive: await healthOf(created.alive), dead: await healthOf(created.dead) }),
      (h) => h.alive.status === 'ok' && h.dead.status === 'broken',
      { timeout: 30_000, what: 'the checks of both links' },
    );

    await signIn(page, origin, 'owner@example.com');
    const rows = page.locator('li.row');
    const row = (title: string) => rows.filter({ hasText: title });
    await row('Dead page').waitFor();
    await row('Live page').waitFor();
    expect(await row('Dead page').locator('.badge.danger').innerText()).toBe('Broken destination (HTTP 404)');
    expect(await row('Live page').locator('.badge').count(), 'a healthy link has no badge').toBe(0);
    if (shots) await checkPage(page, 'links-health-badge');

    await page.getByLabel('Health').selectOption('broken');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/\/dashboard\/links\?health=broken$/);
    await row('Live page').waitFor({ state: 'detached' });
    expect(await rows.count(), 'only the broken link is listed').toBe(1);
    await expect.poll(() => row('Dead page').count()).toBe(1);
    // The filter lives in the URL: a reload keeps it, and the select shows it.
    await page.reload();
    await row('Dead page').waitFor();
    expect(await rows.count()).toBe(1);
    expect(await page.getByLabel('Health').inputValue()).toBe('broken');
    if (shots) await checkPage(page, 'links-health-filter');

    await row('Dead page').getByRole('link', { name: /dead/ }).first().click();
    await page.getByRole('heading', { name: 'Dead page', level: 1 }).waitFor(); // a titled link's page is headed by its title
    const fact = page.locator('dt', { hasText: 'Destination health' }).locator('xpath=following-sibling::dd[1]');
    expect(await fact.locator('.badge.danger').innerText()).toBe('Broken destination (HTTP 404)');
    expect(await fact.locator('time').getAttribute('datetime')).toMatch(/Z$/);
    if (shots) await checkPage(page, 'link-health-detail');
    expect(w.problems).toEqual([]);
  }, 90_000);
});
