/**
 * An import file that cannot be read (missing, a directory) ends the read with one clear error
 * ("cannot read PATH: no such file or directory"), which the CLI prints as its one-line reason. The
 * file stream's own 'error' event used to go unhandled (`.pipe` does not forward it) and ended the
 * `lsk import` / `lsk links import` process with a stack trace.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLinkCsv } from '../../src/csv/link-import.js';
import { readRecords } from '../../src/import/records.js';

const dir = mkdtempSync(join(tmpdir(), 'lsk-unreadable-'));
const missing = join(dir, 'missing.csv');

async function drain(rows: AsyncIterable<unknown>): Promise<number> {
  let n = 0;
  for await (const _ of rows) n++;
  return n;
}

const READERS: [string, (path: string) => AsyncIterable<unknown>][] = [
  ['an export as CSV', (path) => readRecords(path, { kind: 'csv' })],
  ['an export as JSON', (path) => readRecords(path, { kind: 'json', key: 'data' })],
  ["lsk's own links CSV", (path) => readLinkCsv(path)],
];

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(READERS)('reading %s', (_, read) => {
  it('from a missing file rejects with one line naming the file and why', async () => {
    await expect(drain(read(missing))).rejects.toThrow(`cannot read ${missing}: no such file or directory`);
  });

  it('from a directory rejects with one line naming it', async () => {
    await expect(drain(read(dir))).rejects.toThrow(new RegExp(`^cannot read ${dir}: [a-z ]+$`));
  });
});
