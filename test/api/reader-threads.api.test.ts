/**
 * The analytics reader threads of a SQLite store (the compiled modules, as the server runs them):
 * started by the first read, stopped once no read came for the pool's idle time, started again by
 * the next read.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../support/wait-for.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dist = (path: string) => import(pathToFileURL(join(ROOT, 'dist/src', path)).href);

describe('analytics reader threads', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-readers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('start with the first read, stop when idle, and start again for the next read', async () => {
    const file = join(dir, 'lsk.db');
    const { loadConfig } = await dist('config/env.js');
    const { buildServices } = await dist('wiring/build-services.js');
    const services = await buildServices(loadConfig({ DATABASE_URL: `file:${file}` }));
    await services.repos.close();
    const { SqliteReaderPool } = await dist('storage/clicks/sqlite-readers.js');
    const pool = new SqliteReaderPool(file, 1, 50);
    const read = () => pool.run({ op: 'events', arg: { workspaceId: 'wsp_none', from: 0, to: Date.now(), limit: 10 } });
    try {
      expect(pool.threads).toBe(0);
      await read();
      expect(pool.threads).toBe(1);
      expect(
        await waitFor(
          () => pool.threads,
          (n) => n === 0,
        ),
      ).toBe(0);
      await read();
      expect(pool.threads).toBe(1);
    } finally {
      await pool.close();
    }
  });
});
