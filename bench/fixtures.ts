/** Benchmark fixtures: a workspace, a key and many links in an embedded store (one transaction). */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { loadConfig } from '../src/config/env.js';
import { systemCaller } from '../src/domain/caller.js';
import { newId, randomBase62 } from '../src/domain/ids.js';
import { buildServices } from '../src/wiring/build-services.js';
import { fillRuledLinks } from './ruled-links.js';

/** The bench's own setup acts as lsk itself. */
const BENCH = { actor: { type: 'system' as const, id: 'system', label: 'bench' }, requestId: null };

export const DOMAIN = 'bench.lsk';
export const BROWSER_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

export interface Fixture {
  file: string;
  key: string;
  aliases: string[];
  /** 1,000 links with 50 rules each (bench/ruled-links.ts). */
  ruled: string[];
}

/**
 * Fill the lsk schema directly (a fixture, not the API): n links on DOMAIN, each geo-targeted. Their
 * ids are `lnk_bench0`, `lnk_bench1`... (in the order the loads visit them, so a flush's open rows
 * lie next to each other), or with BENCH_LINK_IDS=random random ones, as lsk makes them.
 */
function fillLinks(file: string, workspaceId: string, n: number): string[] {
  const db = new Database(file);
  const insert = db.prepare(
    'INSERT INTO links (id, workspace_id, domain, alias, destination, geo, created_at, updated_at) VALUES (?, ?, ?, ?, ?, \'{"DE":"https://example.de/"}\', ?, ?)',
  );
  const aliases: string[] = [];
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < n; i++) {
      const alias = `b${i.toString(36)}${randomBase62(4)}`;
      aliases.push(alias);
      insert.run(
        process.env.BENCH_LINK_IDS === 'random' ? newId('lnk') : `lnk_bench${i}`,
        workspaceId,
        DOMAIN,
        alias,
        `https://example.com/landing/${i}?ref=bench`,
        now - (n - i),
        now - (n - i),
      );
    }
  })();
  db.close();
  return aliases;
}

/**
 * A store lsk has started on once: the workspace, its key, the links, and every link's first health
 * check scheduled (the start-up backfill, run here to its end). Links written directly have no
 * health job, so the first lsk started on a fresh fixture would schedule 100,000 of them on its
 * event loop (tens of seconds of writes and CPU) while the first runs measured their requests.
 */
export async function prepare(dir: string, links: number): Promise<Fixture> {
  const file = join(dir, 'lsk.db');
  const config = loadConfig({ DATABASE_URL: `file:${file}`, LSK_COUNTRY_HEADER: 'cf-ipcountry' });
  const services = await buildServices(config);
  const ws = await services.workspaces.create(BENCH, 'bench', 'custom', 1_000_000);
  const { secret } = await services.keys.issue(systemCaller(ws.id, 'bench'), 'bench');
  await services.repos.close();
  const fixture = { file, key: secret, aliases: fillLinks(file, ws.id, links), ruled: fillRuledLinks(file, ws.id, DOMAIN, 1000) };
  const filled = await buildServices(config);
  try {
    await filled.health.service.backfill();
  } finally {
    await filled.repos.close();
  }
  return fixture;
}

/** The environment of an lsk process serving a fixture. */
export function lskEnv(file: string, port: number): Record<string, string> {
  return {
    DATABASE_URL: `file:${file}`,
    HOST: '127.0.0.1',
    PORT: String(port),
    LSK_COUNTRY_HEADER: 'cf-ipcountry',
    LOG_LEVEL: 'warn',
    LSK_DEFAULT_DOMAIN: DOMAIN,
    // BENCH_LSK_HEALTH_INTERVAL_H=0 turns destination health checks off (the checker; links created
    // still schedule theirs). The fixture's links are scheduled already (prepare), so lsk has no
    // backfill to run beside the loads either way.
    ...(process.env.BENCH_LSK_HEALTH_INTERVAL_H ? { LSK_HEALTH_INTERVAL_H: process.env.BENCH_LSK_HEALTH_INTERVAL_H } : {}),
  };
}
