import { sqlitePath } from '../config/project.js';
import { fileReason, oneLine, reasonOf, StartupError } from './failure.js';

/** How the store is named in messages: `SQLite /abs/path` or `MongoDB mongodb://…` (password hidden). */
export function describeDatabase(url: string): string {
  const path = sqlitePath(url);
  if (path !== null) return `SQLite ${path}`;
  return `MongoDB ${url.replace(/^([a-z+]+:\/\/[^:/@]*):[^@/]*@/i, '$1:***@')}`;
}

/** The host list of a MongoDB URL (no credentials, no database). */
function mongoHosts(url: string): string {
  return (
    url
      .replace(/^[a-z+]+:\/\//i, '')
      .replace(/^[^@/]*@/, '')
      .split(/[/?]/)[0] || url
  );
}

/** The error and its causes, outermost first. */
function chain(e: unknown): Error[] {
  const out: Error[] = [];
  for (let c = e; c instanceof Error && out.length < 10; c = c.cause) out.push(c);
  return out;
}

function sqliteFailure(e: unknown, path: string): StartupError {
  const code = chain(e).find((c) => typeof (c as NodeJS.ErrnoException).code === 'string') as NodeJS.ErrnoException | undefined;
  const badFile = code?.code === 'SQLITE_NOTADB' || code?.code === 'SQLITE_CORRUPT';
  const hint = badFile ? 'check DATABASE_URL' : 'check that its folder can be created and written by this user';
  return new StartupError(`cannot open the SQLite database ${path}: ${fileReason(code ?? e)} (${hint})`, 1, { cause: e });
}

function mongoFailure(e: unknown, url: string): StartupError {
  const errors = chain(e);
  const named = (...names: string[]) => errors.find((c) => names.includes(c.name));
  const hosts = mongoHosts(url);
  const parse =
    named('MongoParseError', 'MongoInvalidArgumentError', 'MongoAPIError') ?? errors.find((c) => (c as { code?: unknown }).code === 'ERR_INVALID_URL');
  if (parse) return new StartupError(`invalid DATABASE_URL: ${reasonOf(parse)}`, 2, { cause: e });
  const unreachable = named('MongoServerSelectionError', 'MongoNetworkError', 'MongoNetworkTimeoutError', 'MongoTopologyClosedError');
  if (unreachable) {
    return new StartupError(`cannot reach MongoDB at ${hosts} within 5 s (${reasonOf(unreachable)}); is it running, and is DATABASE_URL right?`, 1, {
      cause: e,
    });
  }
  if (errors.some((c) => (c as { code?: unknown }).code === 18)) {
    return new StartupError(`MongoDB at ${hosts} refused the user name or password in DATABASE_URL`, 1, { cause: e });
  }
  return new StartupError(`cannot open MongoDB at ${hosts}: ${oneLine(reasonOf(errors.at(-1) ?? e))}`, 1, { cause: e });
}

/** A failure to open or prepare the store, as one line naming the database and what to check. */
export function databaseFailure(e: unknown, url: string): StartupError {
  if (e instanceof StartupError) return e;
  const path = sqlitePath(url);
  return path === null ? mongoFailure(e, url) : sqliteFailure(e, path);
}
