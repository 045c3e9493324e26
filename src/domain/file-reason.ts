/** A failure's reason as one line of words: what start-up, the CLI and file reads print. */

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
