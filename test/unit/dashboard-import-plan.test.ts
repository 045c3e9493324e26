/**
 * The dashboard's import worked out before sending (dashboard/src/links/import: source-files.ts,
 * column-mapping.ts, plan.ts, failures-csv.ts): other services' exports read with the same drafts as
 * `lsk import`, "Other CSV" columns guessed from the header and mapped by hand, the preview of the
 * first rows, per-row problems, and the failed rows as CSV.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { guessMapping, mappedDraft } from '../../dashboard/src/links/import/column-mapping.js';
import { failuresCsv } from '../../dashboard/src/links/import/failures-csv.js';
import { hashedImportKey } from '../../dashboard/src/links/import/import-key.js';
import { readLinkCsv } from '../../dashboard/src/links/import/link-csv.js';
import { planRows, previewRows, rowProblem } from '../../dashboard/src/links/import/plan.js';
import { readCsvFile, readJsonFile, readSourceFile } from '../../dashboard/src/links/import/source-files.js';
import { importKey } from '../../src/import/check.js';
import { readRecords } from '../../src/import/records.js';
import { SOURCES } from '../../src/import/sources.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/import/${name}`, import.meta.url), 'utf8');

describe('another service export in the browser', () => {
  it.each(['bitly', 'dub', 'shlink', 'yourls', 'kutt', 'rebrandly'] as const)(
    'reads the %s sample as lsk import reads it: the same records, lines and drafts',
    async (name) => {
      const path = fileURLToPath(new URL(`../fixtures/import/${name}.${SOURCES[name].file.kind}`, import.meta.url));
      const cli: unknown[] = [];
      for await (const r of readRecords(path, SOURCES[name].file)) cli.push(r);
      const browser = readSourceFile(name, readFileSync(path, 'utf8'));
      expect(browser.map(({ line, fields }) => ({ line, fields }))).toEqual(cli);
      expect(browser.length).toBeGreaterThan(1);
      expect(browser.map((r) => SOURCES[name].draft(r.fields))).toEqual(cli.map((r) => SOURCES[name].draft((r as (typeof browser)[number]).fields)));
    },
  );

  it('hashes the same import key as lsk import for rows without a readable one, and sends it', async () => {
    const long = `https://bit.ly/${'x'.repeat(300)}`;
    const records = [
      { line: 2, fields: { long_url: 'https://example.com/no-short-link', title: 'No short link' } },
      { line: 3, fields: { long_url: 'https://example.com/long', link: long } },
    ];
    const rows = planRows({ source: 'bitly', name: 'bitly.csv', records }, null);
    const cli = records.map(({ fields }) => {
      const d = SOURCES.bitly.draft(fields);
      if ('problem' in d) throw new Error(d.problem);
      return importKey(SOURCES.bitly, d.origin, d.body);
    });
    expect(cli[0]).toMatch(/^bitly:[0-9a-f]{40}$/);
    expect(cli[1]).toMatch(/^bitly:[0-9a-f]{40}$/);
    expect(cli[0]).not.toBe(cli[1]);
    const keys = await Promise.all(rows.map((r) => ('keySeed' in r ? hashedImportKey(r.keySeed) : null)));
    expect(keys).toEqual(cli);
  });

  it('reads a Bitly CSV into the bodies lsk import makes, the bad row by its line', () => {
    const records = readSourceFile('bitly', fixture('bitly.csv'));
    const rows = planRows({ source: 'bitly', name: 'bitly.csv', records }, null);
    expect(rows).toEqual([
      {
        line: 2,
        body: {
          destination: 'https://example.com/spring-sale?utm_source=bitly',
          title: 'Spring sale',
          tags: ['sale', 'spring'],
          alias: '3xKq9Zp',
          external_id: 'bitly:bit.ly/3xKq9Zp',
        },
      },
      {
        line: 3,
        body: {
          destination: 'https://example.com/launch',
          title: 'Launch page',
          tags: ['launch'],
          alias: 'launch',
          domain: 'go.acme.test',
          external_id: 'bitly:go.acme.test/launch',
        },
      },
      { line: 4, problem: 'destination: "not a url" is not a URL' },
    ]);
    // The same bodies and keys as `lsk import bitly` makes from the same records.
    for (const r of rows) {
      if (!('body' in r)) continue;
      const draft = SOURCES.bitly.draft(records[r.line - 2]!.fields) as { body: Record<string, unknown>; origin: string };
      expect(r.body).toEqual({ ...draft.body, external_id: importKey(SOURCES.bitly, draft.origin, draft.body) });
    }
  });

  it('reads a Kutt JSON page (the array under "data") and a bare array alike', () => {
    const page = readSourceFile('kutt', fixture('kutt.json'));
    expect(page.length).toBeGreaterThan(0);
    const bare = readJsonFile(JSON.stringify((JSON.parse(fixture('kutt.json')) as { data: unknown[] }).data), 'data');
    expect(bare).toEqual(page);
    const first = planRows({ source: 'kutt', name: 'k.json', records: page }, null)[0]!;
    expect(first).toMatchObject({ line: 1, body: { destination: 'https://example.com/meetup', alias: 'meetup', expires_at: '2031-01-01T00:00:00.000Z' } });
    expect(() => readJsonFile('{"links": []}', 'data')).toThrow('neither an array of links nor an object with a "data" array');
    expect(() => readJsonFile('not json', 'data')).toThrow('the file is not JSON');
  });
});

describe('Other CSV: columns mapped by hand', () => {
  const text = [
    'Long URL,Short,Name,Labels,Clicks',
    'https://example.com/a,https://go.example.com/spring,Spring,"a;b",4',
    'mailto:x@example.com,,Bad,,0',
    ',,,,',
  ].join('\n');

  it('guesses each field from the header names and leaves the rest unmapped', () => {
    const csv = readCsvFile(text);
    expect(csv.header).toEqual(['Long URL', 'Short', 'Name', 'Labels', 'Clicks']);
    expect(guessMapping(csv.keys)).toEqual({
      destination: 0,
      short_link: 1,
      domain: null,
      alias: null,
      title: 2,
      tags: 3,
      expires_at: null,
      external_id: null,
    });
    // A column is used once: "url" and "link" both present, each goes to its own field.
    expect(guessMapping(['url', 'link', 'id'])).toMatchObject({ destination: 0, short_link: 1, external_id: 2 });
  });

  it('makes bodies through the mapping, a short link giving domain and alias, and shows problems per row', () => {
    const csv = readCsvFile(text);
    const mapping = guessMapping(csv.keys);
    const rows = planRows({ source: 'other', name: 'o.csv', csv }, mapping);
    expect(rows).toEqual([
      { line: 2, body: { destination: 'https://example.com/a', domain: 'go.example.com', alias: 'spring', title: 'Spring', tags: ['a', 'b'] } },
      { line: 3, problem: 'destination: "mailto:x@example.com" is not an http(s) URL' },
      { line: 4, problem: 'no destination URL' },
    ]);
    expect(previewRows(rows, 2)).toEqual([
      { line: 2, destination: 'https://example.com/a', shortLink: 'go.example.com/spring', title: 'Spring', tags: 'a, b', problem: null },
      { line: 3, destination: '', shortLink: '', title: '', tags: '', problem: 'destination: "mailto:x@example.com" is not an http(s) URL' },
    ]);
  });

  it('follows a changed mapping: an alias column wins over the short link, an unmapped field is left out', () => {
    const csv = readCsvFile(text);
    const mapping = { ...guessMapping(csv.keys), alias: 2, tags: null, short_link: null };
    expect(mappedDraft(mapping, csv.records[0]!.cells)).toEqual({
      body: { destination: 'https://example.com/a', alias: 'Spring', title: 'Spring' },
      origin: '/Spring',
    });
    expect(planRows({ source: 'other', name: 'o.csv', csv }, { ...mapping, destination: null })[0]).toEqual({ line: 2, problem: 'no destination URL' });
    expect(previewRows([{ line: 9, body: { destination: 'https://example.com/' } }])[0]!.shortLink).toBe('default domain, random alias');
  });
});

describe('rows and failures', () => {
  it('checks lsk CSV rows for a destination that is not http(s) as well', () => {
    const rows = planRows({ source: 'lsk', name: 'l.csv', rows: readLinkCsv('destination,alias\nftp://example.com/x,x\nhttps://example.com/y,y\n') }, null);
    expect(rows).toEqual([
      { line: 2, problem: 'destination: "ftp://example.com/x" is not an http(s) URL' },
      { line: 3, body: { destination: 'https://example.com/y', alias: 'y' } },
    ]);
    expect(rowProblem({})).toBe('no destination URL');
  });

  it('writes the failed rows as CSV: line, code, message, quoted and formula-guarded', () => {
    expect(
      failuresCsv([
        { line: 4, code: 'invalid_row', problem: 'destination: "x" is not a URL' },
        { line: 7, code: 'conflict', problem: '=alias, taken' },
      ]),
    ).toBe('line,code,message\r\n4,invalid_row,"destination: ""x"" is not a URL"\r\n7,conflict,"\'=alias, taken"\r\n');
  });
});
