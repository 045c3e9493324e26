import { existsSync } from 'node:fs';
import type { Config } from '../config/env.js';
import { sqlitePath } from '../config/project.js';
import type { Services } from '../services/all-services.js';
import { databaseFailure } from '../startup/database.js';

/**
 * The store as the CLI opens it: on first use, from the server's settings. A missing SQLite file is
 * NOT created (a mistyped or relative path would otherwise give an empty second database and keys
 * the server does not know) unless `init` is set.
 */
export function cliDatabase(config: Config, init: boolean) {
  let opened: Promise<Services> | undefined;
  const open = async (): Promise<Services> => {
    const path = sqlitePath(config.databaseUrl);
    if (path !== null && path !== ':memory:' && !init && !existsSync(path)) {
      throw new Error(`no database at ${path}: start the server once (npm start), or pass --init to create it`);
    }
    // Loaded here, not at the top: `--help` and a bad command line never pay for the services' modules.
    const { buildServices } = await import('../services/wiring.js');
    return buildServices(config).catch((e: unknown) => {
      throw databaseFailure(e, config.databaseUrl);
    });
  };
  return {
    services: () => {
      opened ??= open();
      return opened;
    },
    /** Whether the command reached the store. */
    get used() {
      return opened !== undefined;
    },
    async close() {
      const services = await opened?.catch(() => undefined);
      // The command's audit entries are written before the store closes.
      await services?.auditRecorder.stop();
      await services?.store.close().catch(() => undefined);
    },
  };
}
