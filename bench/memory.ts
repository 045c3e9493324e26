/** Resident memory of lsk with 1,000,000 links stored, after redirects over 200,000 of them. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BROWSER_UA, DOMAIN, lskEnv, prepare } from './fixtures.js';
import { load } from './load.js';
import { metric, ROOT, start, stop } from './servers.js';

export async function benchMemory(say: (s: string) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-bench-1m-'));
  try {
    const big = await prepare(dir, 1_000_000);
    const s = await start([join(ROOT, 'dist/src/server.js')], lskEnv(big.file, 18933), 'http://127.0.0.1:18933/healthz');
    try {
      const url = 'http://127.0.0.1:18933';
      const headers = { host: DOMAIN, 'user-agent': BROWSER_UA, 'cf-ipcountry': 'DE' };
      await load({ url, headers, paths: big.aliases.slice(0, 200_000).map((a) => `/${a}`), seconds: 5 });
      await load({ url: `${url}/v1/links?limit=100`, headers: { authorization: `Bearer ${big.key}` }, seconds: 2, connections: 10 });
      const rss = await metric(url, 'process_resident_memory_bytes');
      say('');
      say(`Resident memory, 1,000,000 links stored (after 5 s of redirects over 200,000): ${(rss / 1048576).toFixed(0)} MB   (target <= 300 MB)`);
    } finally {
      await stop(s);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
