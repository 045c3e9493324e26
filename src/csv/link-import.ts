import { parse } from 'csv-parse';
import { headerProblem, type ImportRow, rowBody } from './link-columns.js';
import { pipeFile } from './read-file.js';

export type { ImportRow } from './link-columns.js';

/** The header row: known columns only, destination among them. */
function checkHeader(header: string[]): string[] {
  const problem = headerProblem(header);
  if (problem) throw new Error(problem);
  return header;
}

/** The rows of a links CSV file, read as a stream (a large file is never held whole). */
export async function* readLinkCsv(path: string): AsyncGenerator<ImportRow> {
  const parser = pipeFile(path, parse({ columns: checkHeader, info: true, bom: true, skip_empty_lines: true }));
  for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
    yield { line: info.lines, ...rowBody(record) };
  }
}
