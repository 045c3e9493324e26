import { ConfigError } from '../config/config-error.js';

import { reasonOf } from '../domain/file-reason.js';

export { fileReason, oneLine, reasonOf } from '../domain/file-reason.js';

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
