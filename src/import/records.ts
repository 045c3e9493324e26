import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { type Duplex, pipeline, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import pick from 'stream-json/filters/pick.js';
import parser from 'stream-json/parser.js';
import streamArray from 'stream-json/streamers/stream-array.js';
import { pipeFile, unreadable } from '../csv/read-file.js';
import { headerKey } from './fields.js';

/** One record of an export file: its position (a CSV line, or a JSON array index + 1) and its fields. */
export interface SourceRecord {
  line: number;
  fields: Record<string, unknown>;
}

/** The rows of a CSV file, streamed; headers as keys (see headerKey). */
async function* csvRecords(path: string): AsyncGenerator<SourceRecord> {
  const rows = pipeFile(
    path,
    parse({ columns: (header: string[]) => header.map(headerKey), info: true, bom: true, skip_empty_lines: true, relax_column_count: true }),
  );
  for await (const { record, info } of rows as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
    yield { line: info.lines, fields: record };
  }
}

/** The first non-blank character of a file (a JSON export is an array, or an object holding one). */
async function firstCharacter(path: string): Promise<string> {
  const file = await open(path).catch((e: unknown) => Promise.reject(unreadable(path, e)));
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(256), 0, 256, 0).catch((e: unknown) => Promise.reject(unreadable(path, e)));
    return (
      buffer
        .subarray(0, bytesRead)
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trimStart()[0] ?? ''
    );
  } finally {
    await file.close();
  }
}

/**
 * The items of a JSON export, streamed one at a time (the file is never held whole): a top-level
 * array, or the array under `key` of a top-level object (an API page such as `{"data": [...]}`).
 */
async function* jsonRecords(path: string, key: string): AsyncGenerator<SourceRecord> {
  const items = streamArray.asStream();
  // The first character is read before the stream is made, so a file that cannot be read fails here.
  const wrapped = (await firstCharacter(path)) === '{';
  const stages: (Readable | Duplex)[] = [createReadStream(path), parser.asStream()];
  if (wrapped) stages.push(pick.asStream({ filter: key }));
  // A malformed file ends the iteration with the parser's error.
  pipeline([...stages, items], (err) => {
    if (err) items.destroy(err);
  });
  for await (const { key: index, value } of items as AsyncIterable<{ key: number; value: unknown }>) {
    const fields = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    yield { line: index + 1, fields };
  }
}

/** The records of an export file, CSV or JSON. */
export function readRecords(path: string, format: { kind: 'csv' } | { kind: 'json'; key: string }): AsyncGenerator<SourceRecord> {
  return format.kind === 'csv' ? csvRecords(path) : jsonRecords(path, format.key);
}
