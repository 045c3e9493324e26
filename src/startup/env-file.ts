import { join } from 'node:path';
import { PROJECT_ROOT } from '../config/project.js';
import { reasonOf, StartupError } from './failure.js';

/**
 * Read `.env` from the project root with Node's own parser (process.loadEnvFile): variables already
 * set in the environment win. A missing file is fine; an unreadable one stops start-up in one line.
 * Returns the file read, or null.
 */
export function loadProjectEnv(root = PROJECT_ROOT): string | null {
  const file = join(root, '.env');
  try {
    process.loadEnvFile(file);
    return file;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new StartupError(`cannot read ${file}: ${reasonOf(e)}`, 2, { cause: e });
  }
}
