/**
 * The dashboard's import from other services (Chromium, SQLite): a Bitly export imported with its
 * progress and checked through the API, an "Other CSV" whose columns are mapped by hand with the
 * preview following the mapping, and a file with bad rows (refused in the browser and by the API)
 * whose failed rows are downloaded as CSV. Each state passes axe and is photographed at both sizes.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, downloaded, launchChromium, type PageWatch, signedInUser } from '../support/dashboard.js';
import { client, type Lsk, startLsk } from '../support/server.js';

const BITLY = readFileSync(new URL('../fixtures/import/bitly.csv', import.meta.url));

const OTHER = [
  'Target,Code,Headline,Kind,Notes',
  'https://example.com/mapped,mapped-one,"Mapped, by hand",team|docs,first',
  'https://example.com/two,mapped-two,Second,,',
].join('\r\n');

const BAD = [
  'url,slug,name',
  'https://example.com/fresh,fresh-one,Fresh',
  'https://example.com/taken,3xKq9Zp,Taken alias',
  ',no-destination,Empty',
  'javascript:alert(1),js,Script',
].join('\n');

describe('the dashboard import from other services on sqlite', () => {
  let lsk: Lsk;
  let browser: Browser;
  let w: PageWatch;
  let page: Page;
  let api: ReturnType<typeof client>;
  let origin = '';

  beforeAll(async () => {
    lsk = await startLsk('sqlite');
    browser = await launchChromium();
    api = client(lsk.base, await lsk.workspace('acme'));
    expect((await lsk.cli(['domain', 'add', 'go.acme.test', '--workspace', 'acme'])).code).toBe(0);
    const user = await signedInUser(lsk, browser, { email: 'owner@example.com', workspace: 'acme', role: 'owner' });
    ({ origin } = user);
    w = user;
    page = w.page;
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await lsk?.stop();
  });

  const source = async (label: string) => {
    await page.getByLabel('Exported from').selectOption({ label });
    await page.waitForURL(/\/links\/import/);
  };

  it('imports a Bitly export: preview, progress to the end, the button disabled after, the links as the API reads them', async () => {
    await page.goto(`${origin}/dashboard/links/import`);
    await page.getByRole('heading', { name: 'Import links', level: 1 }).waitFor();
    await source('Bitly');
    expect(page.url()).toContain('source=bitly');
    await page.getByLabel('CSV file').setInputFiles({ name: 'bitly.csv', mimeType: 'text/csv', buffer: BITLY });
    const preview = page.getByRole('region', { name: 'Preview' });
    expect(await preview.getByRole('status').innerText()).toBe('3 rows: 2 to create, 1 with a problem.');
    expect(await preview.getByRole('row').filter({ hasText: 'launch' }).innerText()).toContain('go.acme.test/launch');
    expect(await preview.getByRole('row').filter({ hasText: 'not a url' }).getByRole('cell').first().innerText()).toBe('4');
    await page.getByRole('button', { name: 'Import 3 links' }).click();
    await page.getByRole('heading', { name: 'Import finished' }).waitFor();
    const bar = page.getByRole('progressbar', { name: 'Rows sent' });
    expect(await bar.evaluate((p) => [(p as HTMLProgressElement).value, (p as HTMLProgressElement).max])).toEqual([3, 3]);
    expect(await page.getByRole('status').filter({ hasText: 'rows sent' }).innerText()).toContain('3 of 3 rows sent: 2 created, 1 failed.');
    expect(await page.getByRole('button', { name: 'Imported' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Exported from').isDisabled()).toBe(true);
    await checkPage(page, 'links-import-bitly');

    const links = Object.fromEntries(((await api('GET', '/v1/links')).body.data as Record<string, unknown>[]).map((l) => [l.alias, l]));
    // The import keys `lsk import bitly` gives the same rows.
    expect(links['3xKq9Zp']).toMatchObject({
      external_id: 'bitly:bit.ly/3xKq9Zp',
      destination: 'https://example.com/spring-sale?utm_source=bitly',
      title: 'Spring sale',
      tags: ['sale', 'spring'],
    });
    expect(links.launch).toMatchObject({ domain: 'go.acme.test', destination: 'https://example.com/launch', title: 'Launch page', tags: ['launch'] });
    expect(Object.keys(links).sort()).toEqual(['3xKq9Zp', 'launch']);

    await page.getByRole('button', { name: 'Start another import' }).click();
    expect(await page.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Exported from').isDisabled()).toBe(false);
    // The same file again creates nothing twice.
    await page.getByLabel('CSV file').setInputFiles({ name: 'bitly.csv', mimeType: 'text/csv', buffer: BITLY });
    await page.getByRole('button', { name: 'Import 3 links' }).click();
    await page.getByRole('heading', { name: 'Import finished' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'rows sent' }).innerText()).toContain('3 of 3 rows sent: 0 created, 3 failed.');
    expect((await api('GET', '/v1/links')).body.data).toHaveLength(2);
    await page.getByRole('button', { name: 'Start another import' }).click();
  });

  it('maps the columns of another CSV by hand, the preview following each choice', async () => {
    await source('Other CSV');
    await page.getByLabel('CSV file').setInputFiles({ name: 'other.csv', mimeType: 'text/csv', buffer: Buffer.from(OTHER) });
    // Guessed from the header: Target as destination, Code as alias; Headline and Kind are not known names.
    expect(await page.getByLabel('Destination URL').inputValue()).toBe('0');
    expect(await page.getByLabel('Alias', { exact: true }).inputValue()).toBe('1');
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('');
    const first = () => page.getByRole('region', { name: 'Preview' }).getByRole('row').filter({ hasText: 'mapped-one' });
    expect(await first().innerText()).not.toContain('Mapped, by hand');
    await page.getByLabel('Title', { exact: true }).selectOption({ label: 'Headline' });
    await page.getByLabel('Tags', { exact: true }).selectOption({ label: 'Kind' });
    const cells = await first().getByRole('cell').allInnerTexts();
    expect(cells).toEqual(['2', 'https://example.com/mapped', 'default domain/mapped-one', 'Mapped, by hand', 'team, docs', 'none']);
    await checkPage(page, 'links-import-mapping');
    // Without a destination column nothing can be sent.
    await page.getByLabel('Destination URL').selectOption({ label: '(choose a column)' });
    expect(await page.getByRole('button', { name: 'Import 2 links' }).isDisabled()).toBe(true);
    await page.getByLabel('Destination URL').selectOption({ label: 'Target' });
    await page.getByRole('button', { name: 'Import 2 links' }).click();
    await page.getByRole('heading', { name: 'Import finished' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'rows sent' }).innerText()).toContain('2 of 2 rows sent: 2 created, 0 failed.');
    const one = ((await api('GET', '/v1/links')).body.data as Record<string, unknown>[]).find((l) => l.alias === 'mapped-one');
    expect(one).toMatchObject({ destination: 'https://example.com/mapped', title: 'Mapped, by hand', tags: ['team', 'docs'] });
    await page.getByRole('button', { name: 'Start another import' }).click();
  });

  it('lists the rows refused in the browser and by the API, and downloads them as CSV', async () => {
    await source('Other CSV');
    await page.getByLabel('CSV file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(BAD) });
    expect(await page.getByRole('region', { name: 'Preview' }).getByRole('status').innerText()).toBe('4 rows: 2 to create, 2 with a problem.');
    await page.getByRole('button', { name: 'Import 4 links' }).click();
    await page.getByRole('heading', { name: 'Import finished' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'rows sent' }).innerText()).toContain('4 of 4 rows sent: 1 created, 3 failed.');
    expect(await page.getByRole('row').filter({ hasText: 'alias_taken' }).getByRole('cell').first().innerText()).toBe('3');
    await checkPage(page, 'links-import-failed');
    const file = await downloaded(page, () => page.getByRole('button', { name: 'Download failed rows (CSV)' }).click());
    expect(file.name).toBe('bad-failed-rows.csv');
    const lines = file.body.toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('line,code,message');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual(['3,alias_taken', '4,invalid_row', '5,invalid_row']);
    expect(lines[2]).toBe('4,invalid_row,no destination URL');
    expect(lines[3]).toBe('5,invalid_row,"destination: ""javascript:alert(1)"" is not an http(s) URL"');
    expect(((await api('GET', '/v1/links')).body.data as Record<string, unknown>[]).map((l) => l.alias)).toContain('fresh-one');
    expect(w.problems).toEqual([]);
  });
});
