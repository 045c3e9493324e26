import { existsSync } from 'node:fs';
import type { Config } from '../config/env.js';
import { sqlitePath } from '../config/project.js';
import { databaseFailure } from '../startup/database.js';
import type { Services } from '../wiring/all-services.js';
import type { CoreServices } from '../wiring/core-wiring.js';

/**
 * The store as the CLI opens it: on first use, from the server's settings. A missing SQLite file is
 * NOT created (a mistyped or relative path would otherwise give an empty second database and keys
 * the server does not know) unless `init` is set. A command gets the services' core, and the whole
 * graph built on that same core only when it asks for it (docs/adr/0238).
 */
export function cliDatabase(config: Config, init: boolean) {
  let opened: Promise<CoreServices> | undefined;
  let whole: Promise<Services> | undefined;
  const open = async (): Promise<CoreServices> => {
    const path = sqlitePath(config.databaseUrl);
    if (path !== null && path !== ':memory:' && !init && !existsSync(path)) {
      throw new Error(`no database at ${path}: start the server once (npm start), or pass --init to create it`);
    }
    // Loaded here, not at the top: `--help` and a bad command line never pay for the services' modules.
    const { buildCore } = await import('../wiring/core-wiring.js');
    return buildCore(config).catch((e: unknown) => {
      throw databaseFailure(e, config.databaseUrl);
    });
  };
  const core = () => {
    opened ??= open();
    return opened;
  };
  const services = async (): Promise<Services> => {
    const c = await core();
    const { servicesOnCore } = await import('../wiring/build-services.js');
    return servicesOnCore(c);
  };
  return {
    core,
    services: () => {
      whole ??= services();
      return whole;
    },
    /** Whether the command reached the store. */
    get used() {
      return opened !== undefined;
    },
    async close() {
      const c = await opened?.catch(() => undefined);
      // The command's audit entries are written before the store closes.
      await c?.auditRecorder.stop();
      await c?.store.close().catch(() => undefined);
    },
  };
}
