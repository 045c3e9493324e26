import { createReadStream } from 'node:fs';
import type { Duplex } from 'node:stream';
import { fileReason } from '../domain/file-reason.js';

/** A file that cannot be read, in one line: `cannot read PATH: no such file or directory`. */
export function unreadable(path: string, e: unknown): Error {
  return new Error(`cannot read ${path}: ${fileReason(e)}`);
}

/**
 * The file at `path` streamed into `into` (a parser), returned for reading. `.pipe` does not
 * forward the file stream's errors, and an unhandled one ends the process with a stack trace: a
 * missing file or a directory ends `into` with `unreadable` instead, so its reader rejects.
 */
export function pipeFile<T extends Duplex>(path: string, into: T): T {
  const file = createReadStream(path);
  file.once('error', (e) => into.destroy(unreadable(path, e)));
  return file.pipe(into);
}
