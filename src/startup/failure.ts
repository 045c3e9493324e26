import { ConfigError } from '../config/env.js';

/** A start-up failure with its one-line reason and exit status (1; 2 for a bad setting). */
export class StartupError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'StartupError';
  }
}

/** Collapse a message to one line (node and driver messages may span several). */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The reason for a failure as one line, without the error class or a stack. */
export function reasonOf(e: unknown): string {
  return oneLine((e as Error)?.message || String(e));
}

const FILE_REASONS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  ENOTDIR: 'a part of the path is a file, not a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EISDIR: 'the path is a directory',
  SQLITE_CANTOPEN: 'the file cannot be opened or created',
  SQLITE_NOTADB: 'the file is not an SQLite database',
  SQLITE_READONLY: 'the file is read-only',
  SQLITE_CORRUPT: 'the database file is corrupt',
};

/** A file-system or SQLite failure in words (its code looked up), else its own message. */
export function fileReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  return (code && FILE_REASONS[code]) || reasonOf(e);
}

/** The exit status for a failure: 2 for a bad setting, else 1 (or the StartupError's own). */
export function exitCodeOf(e: unknown): number {
  if (e instanceof ConfigError) return 2;
  return e instanceof StartupError ? e.exitCode : 1;
}

/** Print `lsk: <reason>` on stderr (the stack only with LSK_DEBUG set) and exit non-zero. */
export function failStartup(e: unknown): never {
  const known = e instanceof StartupError || e instanceof ConfigError;
  process.stderr.write(`lsk: ${known ? reasonOf(e) : `failed to start: ${reasonOf(e)}`}\n`);
  if (process.env.LSK_DEBUG) console.error(e);
  process.exit(exitCodeOf(e));
}
