/**
 * `lsk links import FILE --workspace SLUG` on both stores: good and bad rows, line numbers in the
 * summary, progress on stderr, and an export re-imported into another workspace.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIG_PLAN } from '../api/_assert.js';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';

describe.each(STORES)('lsk links import on %s', (store) => {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-import-'));
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    lsk = await startLsk(store);
    api = client(lsk.base, await lsk.workspace('importer', BIG_PLAN));
  });
  afterAll(async () => {
    await lsk?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates the good rows and reports each bad row by line number and reason', async () => {
    const file = join(dir, 'links.csv');
    const rows = [
      'destination,alias,tags,geo_targeting',
      'https://example.com/one,imp-one,a|b,',
      'ftp://example.com/bad,imp-bad,,',
      'https://example.com/two,,"x, y","{""DE"":""https://example.de/""}"',
      'https://example.com/three,imp-one,,',
      'https://example.com/four,imp-four,,{not json',
      ...Array.from({ length: 150 }, (_, i) => `https://example.com/many/${i},,many,`),
    ];
    writeFileSync(file, `${rows.join('\n')}\n`);
    const r = await lsk.cli(['links', 'import', file, '--workspace', 'importer']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/lsk: 101 rows read: 98 created, 3 failed\n/);
    expect(r.stderr).toMatch(/lsk: 155 rows read: 152 created, 3 failed\n/);
    const summary = JSON.parse(r.last);
    expect(summary).toEqual({
      created: 152,
      failed: 3,
      errors: [
        { line: 3, code: 'validation_failed', message: expect.stringMatching(/^destination /) },
        { line: 5, code: 'alias_taken', message: expect.stringContaining('imp-one') },
        { line: 6, code: 'validation_failed', message: expect.stringMatching(/^geo_targeting is not a JSON object/) },
      ],
    });
    expect(r.stdout).toMatch(/^line 3: destination /m);
    const one = (await api('GET', '/v1/links?q=imp-one')).body.data;
    expect(one).toMatchObject([{ alias: 'imp-one', destination: 'https://example.com/one', tags: ['a', 'b'] }]);
    const two = (await api('GET', '/v1/links?q=example.com/two')).body.data;
    expect(two).toMatchObject([{ tags: ['x, y'], geo_targeting: { DE: 'https://example.de/' } }]);
    expect((await api('GET', '/v1/links?tag=many&limit=100')).body.next_cursor).not.toBeNull();
  });

  it('refuses a file that cannot be read to its end before creating anything (unterminated quote, wrong cell count)', async () => {
    const good = Array.from({ length: 250 }, (_, i) => `https://example.com/whole/${i},whole-${i}`);
    const api = client(lsk.base, await lsk.workspace('whole-or-nothing', BIG_PLAN));
    for (const [name, bad] of [
      ['quote', 'https://example.com/"broken,x'],
      ['cells', 'https://example.com/extra,whole-x,surplus'],
    ] as const) {
      const file = join(dir, `unreadable-${name}.csv`);
      writeFileSync(file, `${['destination,alias', ...good, bad, ...good.map((l) => l.replace('whole-', 'later-'))].join('\n')}\n`);
      const r = await lsk.cli(['links', 'import', file, '--workspace', 'whole-or-nothing']);
      expect(r.code, `${name}: ${r.stdout}`).toBe(1);
      expect(r.stderr).toMatch(/^lsk: /m);
      expect((await api('GET', '/v1/links')).body.data, name).toEqual([]);
    }
  });

  it('re-imports an export into another workspace, formula guard undone', async () => {
    const source = client(lsk.base, await lsk.workspace('exporter', BIG_PLAN));
    await source('POST', '/v1/links', {
      destination: 'https://example.com/round',
      alias: 'round-trip',
      tags: ['=cmd', 'ok'],
      geo_targeting: { FR: 'https://example.fr/' },
    });
    const csv = (await source('GET', '/v1/links/export')).text;
    const file = join(dir, 'export.csv');
    writeFileSync(file, csv);
    const target = client(lsk.base, await lsk.workspace('target'));
    await lsk.cli(['domain', 'add', 'unused.example', '--workspace', 'target']);
    const r = await lsk.cli(['links', 'import', file, '--workspace', 'target']);
    // The alias is taken on the shared default domain: the row fails alone, by line, and nothing else happens.
    expect(JSON.parse(r.last)).toMatchObject({ created: 0, failed: 1, errors: [{ line: 2, code: 'alias_taken' }] });
    writeFileSync(file, csv.replaceAll(',round-trip,', ',round-trip-2,'));
    const again = await lsk.cli(['links', 'import', file, '--workspace', 'target']);
    expect(JSON.parse(again.last)).toMatchObject({ created: 1, failed: 0 });
    expect((await target('GET', '/v1/links')).body.data).toMatchObject([
      { alias: 'round-trip-2', destination: 'https://example.com/round', tags: ['=cmd', 'ok'], geo_targeting: { FR: 'https://example.fr/' } },
    ]);
    expect((await source('GET', '/v1/links?q=round-trip-2')).body.data).toEqual([]);
    // Seven CLI processes: past 30 s on a busy two-core machine.
  }, 90_000);

  it('refuses a file with unknown columns or none named destination, creating nothing', async () => {
    const file = join(dir, 'bad.csv');
    writeFileSync(file, 'url,alias\nhttps://example.com/,x\n');
    const r = await lsk.cli(['links', 'import', file, '--workspace', 'importer']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/unknown CSV column\(s\) "url"/);
    const missing = await lsk.cli(['links', 'import', join(dir, 'nope.csv'), '--workspace', 'importer']);
    expect(missing.code).not.toBe(0);
  });
});
