/**
 * The dashboard's CSV reader (dashboard/src/links/import/link-csv.ts, which runs in the browser)
 * reads files as `lsk links import` does (src/csv, csv-parse): the same columns, the same bodies
 * from the same rows, the same line numbers; and it refuses the files the CLI refuses.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as browser from '../../dashboard/src/links/import/link-csv.js';
import { CSV_COLUMNS, IMPORT_COLUMNS } from '../../src/csv/link-columns.js';
import { csvHeader } from '../../src/csv/link-csv.js';
import { readLinkCsv } from '../../src/csv/link-import.js';

const dir = mkdtempSync(join(tmpdir(), 'lsk-dash-csv-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(text: string) {
  const file = join(dir, `f${Math.random().toString(36).slice(2)}.csv`);
  writeFileSync(file, text);
  const rows = [];
  for await (const r of readLinkCsv(file)) rows.push(r);
  return rows;
}

/** Problems are worded by each reader; whether a row has one, and its line, must agree. */
const shape = (rows: browser.ImportRow[]) => rows.map((r) => ('problem' in r ? { line: r.line, problem: true } : r));

const FILES: Record<string, string> = {
  'the export header, CRLF and a BOM':
    '\uFEFFid,short_url,domain,alias,destination,title,external_id,geo_targeting,device_targeting,tags,expires_at,expired_url,max_clicks,password_protected,status,clicks,created_at,updated_at\r\n' +
    'lnk_1,https://s.test/a,s.test,a,https://example.com/a,"Spring, sale",ext-1,"{""DE"":""https://example.com/de""}",{},x|y,,,25,false,active,3,2026-01-01T00:00:00.000Z,2026-01-01T00:00:00.000Z\r\n',
  'a subset of columns in another order, LF line ends':
    'tags,destination,alias\nspring|summer,https://example.com/1,one\n,https://example.com/2,\n\n"a ""quoted"" tag",https://example.com/3,three\n',
  'formula guard undone, a cell across lines, no final line end':
    'destination,title,max_clicks\nhttps://example.com/f,\'=SUM(A1),7\nhttps://example.com/g,"two\nlines",x\nhttps://example.com/h,\'plain,',
  'a row whose JSON cell is no JSON': 'destination,geo_targeting\nhttps://example.com/j,{nope}\nhttps://example.com/k,{}\n',
};

describe('the dashboard reads link CSV files like the CLI', () => {
  it('reads the columns the export writes (one list for both, src/csv/link-columns.ts)', () => {
    expect(csvHeader()).toBe(`${CSV_COLUMNS.join(',')}\r\n`);
    for (const c of IMPORT_COLUMNS) expect(CSV_COLUMNS).toContain(c);
  });

  for (const [name, text] of Object.entries(FILES)) {
    it(`reads ${name} into the same bodies and lines`, async () => {
      const mine = browser.readLinkCsv(text);
      expect(mine.length).toBeGreaterThan(0);
      expect(shape(mine)).toEqual(shape(await cli(text)));
    });
  }

  it('refuses what the CLI refuses: an unknown column, no destination column, an open quote', async () => {
    for (const text of ['destination,colour\nhttps://example.com/,red\n', 'alias\nx\n', 'destination\n"https://example.com/\n']) {
      expect(() => browser.readLinkCsv(text), text).toThrow(browser.CsvFileError);
      await expect(cli(text), text).rejects.toThrow();
    }
  });

  it('reports a row with the wrong number of cells as that row (the CLI refuses the whole file)', async () => {
    const text = 'destination,alias\nhttps://example.com/1,one\nhttps://example.com/2\n';
    expect(shape(browser.readLinkCsv(text))).toEqual([
      { line: 2, body: { destination: 'https://example.com/1', alias: 'one' } },
      { line: 3, problem: true },
    ]);
    await expect(cli(text)).rejects.toThrow();
  });
});
