import { createReadStream } from 'node:fs';
import type { Duplex } from 'node:stream';

/** A file that cannot be read, in one line: `cannot read PATH: no such file or directory`. */
export function unreadable(path: string, e: unknown): Error {
  const message = (e as Error)?.message ?? String(e);
  // Node says "ENOENT: no such file or directory, open '/x'" or "EISDIR: …, read": keep the reason only.
  const reason = message.replace(/^[A-Z]+: /, '').replace(/, [a-z]+( '.*')?$/, '');
  return new Error(`cannot read ${path}: ${reason}`);
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
