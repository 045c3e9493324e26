/**
 * The owner's tools in the dashboard (Chromium, the journey stores of docs/adr/0225), after the first journey: import links
 * from a CSV file (a bad row reported by its line) and export them again, tag and delete several
 * links at once from the list (keyboard selection; a link that cannot take the tag reported on its
 * own), download a link's QR code as PNG and SVG, and set up a webhook to a real loopback receiver:
 * secret shown once, a signed test delivery, its log, a retry with the same webhook-id; last, delete
 * the workspace from its settings page. Every new page passes axe and is photographed at both sizes.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, downloaded, launchChromium, type PageWatch, signedInUser } from '../support/dashboard.js';
import { client, DASHBOARD_STORES, type Lsk, startLsk, visit } from '../support/server.js';
import { type Receiver, startReceiver } from '../support/webhook-receiver.js';

const CSV = [
  'destination,alias,tags,title',
  'https://example.com/one,imp-one,imported|csv,"One, the first"',
  'https://example.com/two,imp-two,imported,',
  'ftp://example.com/three,imp-three,,',
].join('\r\n');

describe.each(DASHBOARD_STORES)('the owner tools on %s', (store) => {
  let lsk: Lsk;
  let browser: Browser;
  let receiver: Receiver;
  let w: PageWatch;
  let page: Page;
  const shots = store === 'sqlite';

  beforeAll(async () => {
    lsk = await startLsk(store, { env: { LSK_WEBHOOK_ALLOW_PRIVATE: 'true' } });
    browser = await launchChromium();
    receiver = await startReceiver();
    const key = await lsk.workspace('acme');
    const tags = Array.from({ length: 25 }, (_, i) => `t${i}`);
    expect((await client(lsk.base, key)('POST', '/v1/links', { destination: 'https://example.com/full', alias: 'full', tags })).status).toBe(201);
    w = await signedInUser(lsk, browser, { email: 'owner@example.com', workspace: 'acme', role: 'owner' });
    page = w.page;
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await lsk?.stop();
  });

  it('imports a CSV file in the browser, reporting the bad row by its line, and exports the links again', async () => {
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await page.getByRole('heading', { name: 'Import links', level: 1 }).waitFor();
    await page.getByLabel('CSV file').setInputFiles({ name: 'links.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByRole('button', { name: 'Import 3 links' }).click();
    await page.getByRole('heading', { name: 'Import finished' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'rows sent' }).innerText()).toContain('3 of 3 rows sent: 2 created, 1 failed.');
    const bad = page.getByRole('row').filter({ hasText: 'invalid_row' });
    expect(await bad.getByRole('cell').first().innerText()).toBe('4');
    expect(await bad.innerText()).toContain('destination');
    if (shots) await checkPage(page, 'links-import');
    const file = await downloaded(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(file.name).toBe('links-acme.csv');
    const lines = file.body.toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^id,short_url,domain,alias,destination,title,/);
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[3])
        .sort(),
    ).toEqual(['full', 'imp-one', 'imp-two']);
    expect(lines.find((l) => l.includes('imp-one'))).toContain('"One, the first"');
  });

  it('tags every link of the page at once, from the keyboard, and names the link that could not take it', async () => {
    await page.getByRole('link', { name: 'Links', exact: true }).first().click();
    await page.getByText('→ https://example.com/one').waitFor();
    const all = page.getByLabel('Select all 3 links on this page');
    await all.focus();
    await page.keyboard.press('Space');
    expect(await all.isChecked()).toBe(true);
    const bulk = page.getByRole('region', { name: 'Bulk actions' });
    await bulk.getByText('3 links selected').waitFor();
    await bulk.getByLabel('Tags to add').fill('x'.repeat(65));
    await bulk.getByRole('button', { name: 'Apply tags' }).click();
    await bulk.locator('#bulk-add-error').waitFor();
    await bulk.getByLabel('Tags to add').fill('bulk');
    await bulk.getByRole('button', { name: 'Apply tags' }).click();
    const report = page.getByRole('alert').filter({ hasText: 'Tags changed on 2 links.' });
    await report.waitFor();
    expect(await report.innerText()).toMatch(/1 link failed \(still selected\):\s+\S+\/full: /);
    await page.getByRole('link', { name: 'bulk' }).nth(1).waitFor();
    expect(await page.getByRole('link', { name: 'bulk' }).count()).toBe(2);
    expect(await page.getByLabel(/^Select .*\/full$/).isChecked(), 'the failed link stays selected').toBe(true);
    expect(await page.getByLabel(/^Select .*\/imp-one$/).isChecked()).toBe(false);
    if (shots) await checkPage(page, 'links-bulk');
  });

  it('deletes the selected links after a confirmation', async () => {
    await page.getByLabel(/^Select .*\/imp-two$/).check();
    const bulk = page.getByRole('region', { name: 'Bulk actions' });
    await bulk.getByText('2 links selected').waitFor();
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.accept();
    });
    await bulk.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByRole('status').filter({ hasText: 'Deleted 2 links.' }).waitFor();
    expect(asked).toMatch(/^Delete 2 links \((?=.*\/full)(?=.*\/imp-two).*\)\? Their short URLs stop working at once\.$/);
    await page.getByLabel('Select the 1 link on this page').waitFor();
    expect(await page.getByText('→ https://example.com/one').count()).toBe(1);
  });

  it("downloads the link's QR code as PNG and SVG with the chosen size", async () => {
    await page.getByRole('link', { name: /\/imp-one$/ }).click();
    await page.getByRole('heading', { name: 'QR code' }).waitFor();
    await page.getByRole('img', { name: /^QR code of / }).waitFor();
    await page.getByLabel('Size').fill('300');
    await page.getByLabel('Size').press('Tab');
    await page.getByLabel('Error correction').selectOption('H');
    const png = await downloaded(page, () => page.getByRole('button', { name: 'Download PNG' }).click());
    expect(png.name).toBe('imp-one-qr.png');
    expect(png.body.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.body.readUInt32BE(16), 'PNG width').toBe(300);
    const svg = await downloaded(page, () => page.getByRole('button', { name: 'Download SVG' }).click());
    expect(svg.name).toBe('imp-one-qr.svg');
    expect(svg.body.toString('utf8')).toMatch(/<svg[^>]*width="300"/);
    await page.getByLabel('Size').fill('5000');
    await page.getByLabel('Size').press('Tab');
    await page.locator('#qr-size-error').waitFor();
    await page.getByLabel('Size').fill('300');
    await page.getByLabel('Size').press('Tab');
    await page.locator('#qr-size-error').waitFor({ state: 'detached' });
    if (shots) await checkPage(page, 'link-qr');
  });

  it('creates a webhook (secret shown once), sends a signed test event, logs it and retries it', async () => {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByText('No webhooks yet.').waitFor();
    await page.getByRole('button', { name: 'New webhook' }).click();
    await page.getByLabel('Endpoint URL').fill('ftp://127.0.0.1/hook');
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await page.locator('#new-webhook-url-error').waitFor();
    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByLabel('link.deleted').check();
    await page.getByLabel('Description').fill('the test receiver');
    if (shots) await checkPage(page, 'webhook-new');
    await page.getByRole('button', { name: 'Create webhook' }).click();
    const secret = (await page.getByTestId('webhook-secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    receiver.secrets.push(secret);
    await page.getByRole('link', { name: receiver.url }).waitFor();
    if (shots) await checkPage(page, 'webhooks');
    await page.getByRole('link', { name: receiver.url }).click();
    await page.getByRole('heading', { name: 'Deliveries' }).waitFor();
    expect(await page.getByTestId('webhook-secret').count(), 'the secret is not shown again').toBe(0);
    await page.getByText('No deliveries yet.').waitFor();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText(/^Test event queued as delivery dlv_/).waitFor();
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    expect(receiver.received[0]!.body.type).toBe('webhook.test');
    expect(receiver.received[0]!.verifiedBy).toEqual([0]);
    const row = page.getByRole('row').filter({ hasText: 'webhook.test' });
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          await page.getByRole('button', { name: 'Refresh' }).waitFor();
          return row.getByText('delivered', { exact: true }).count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(await row.innerText()).toContain('204');
    if (shots) await checkPage(page, 'webhook-detail');
    await row.getByRole('button', { name: /^Retry delivery dlv_\w+$/ }).click();
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
    expect(receiver.received[1]!.id, 'a retry keeps the webhook-id').toBe(receiver.received[0]!.id);
  }, 90_000);

  it('edits, disables, rotates the secret of and deletes the webhook', async () => {
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('link.clicked').check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('link.created, link.deleted, link.clicked').waitFor();
    await page.getByRole('button', { name: 'Disable' }).click();
    await page.getByText('disabled', { exact: true }).waitFor();
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = (await page.getByTestId('webhook-secret').innerText()).trim();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(receiver.secrets[0]);
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByText('No webhooks yet.').waitFor();
    expect(w.problems).toEqual([]);
  });

  it("deletes the workspace from its settings page once its slug is typed, and opens the user's other workspace", async () => {
    await lsk.workspace('beta');
    expect((await lsk.cli(['user', 'create', 'owner@example.com', '--workspace', 'beta', '--role', 'member'])).code).toBe(0);
    await page.reload();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Workspace' }).click();
    await page.getByRole('heading', { name: 'Delete workspace' }).waitFor();
    const button = page.getByRole('button', { name: 'Delete this workspace' });
    await page.getByLabel('Type acme to confirm').fill('acm');
    expect(await button.isDisabled()).toBe(true);
    await page.getByLabel('Type acme to confirm').fill('acme');
    expect(await button.isDisabled()).toBe(false);
    if (shots) await checkPage(page, 'workspace-delete');
    await button.click();
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    // Only one workspace is left: the header names it (no switcher), with the user's role there.
    expect((await page.locator('.ws').innerText()).replace(/\s+/g, ' ').trim()).toBe('beta member');
    expect((await visit(lsk.base, '/full', { host: lsk.env.LSK_DEFAULT_DOMAIN! })).status).toBe(404);
    if (shots) await checkPage(page, 'after-workspace-delete');
    expect(w.problems).toEqual([]);
  });
});
