/**
 * What writing the audit log costs the API: link creation over REST and GraphQL on a server with
 * the audit log (the default) and on one without it (LSK_AUDIT_DAYS=0), alternated twice so a
 * loaded machine's drift falls on both; the best run of each is compared (budget: 10 % at most).
 */
import type { Fixture } from './fixtures.js';
import { lskEnv } from './fixtures.js';
import { type Figures, fmt, load } from './load.js';
import { lskArgs, start, stop } from './servers.js';

const PORT = 18936;

async function creates(fx: Fixture, seconds: number, auditDays: string): Promise<{ rest: Figures; gql: Figures }> {
  const lsk = await start(lskArgs(), { ...lskEnv(fx.file, PORT), LSK_AUDIT_DAYS: auditDays }, `http://127.0.0.1:${PORT}/healthz`);
  try {
    const url = `http://127.0.0.1:${PORT}`;
    const headers = { authorization: `Bearer ${fx.key}`, 'content-type': 'application/json' };
    const rest = await load({
      connections: 20,
      seconds,
      url: `${url}/v1/links`,
      method: 'POST',
      headers,
      body: JSON.stringify({ destination: 'https://example.com/a' }),
    });
    const query = 'mutation { createLink(destination: "https://example.com/g") { id short_url } }';
    const gql = await load({ connections: 20, seconds, url: `${url}/graphql`, method: 'POST', headers, body: JSON.stringify({ query }) });
    return { rest, gql };
  } finally {
    await stop(lsk);
  }
}

const best = (runs: Figures[]) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));

export async function benchAuditCost(fx: Fixture, seconds: number, say: (s: string) => void): Promise<void> {
  const on: { rest: Figures; gql: Figures }[] = [];
  const off: { rest: Figures; gql: Figures }[] = [];
  for (let round = 0; round < 2; round++) {
    on.push(await creates(fx, seconds, '365'));
    off.push(await creates(fx, seconds, '0'));
  }
  say('');
  say('Audit log cost (link creation, 20 connections, best of two alternated runs each; budget 10 %):');
  for (const kind of ['rest', 'gql'] as const) {
    const a = best(on.map((r) => r[kind]));
    const b = best(off.map((r) => r[kind]));
    const label = kind === 'rest' ? 'REST POST /v1/links' : 'GraphQL createLink';
    say(`  ${`${label}, audit log on`.padEnd(36)} ${fmt(a)}`);
    say(`  ${`${label}, audit log off`.padEnd(36)} ${fmt(b)}`);
    say(`  ${`${label}: cost`.padEnd(36)} ${(100 * (1 - a.rps / b.rps)).toFixed(1)} % of throughput`);
  }
}
