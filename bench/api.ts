/** The API: link creation over REST and GraphQL. */
import { join } from 'node:path';
import { type Fixture, lskEnv } from './fixtures.js';
import { fmt, load } from './load.js';
import { ROOT, start, stop } from './servers.js';

export async function benchApi(fx: Fixture, seconds: number, say: (s: string) => void): Promise<void> {
  const lsk = await start([join(ROOT, 'dist/src/server.js')], lskEnv(fx.file, 18934), 'http://127.0.0.1:18934/healthz');
  try {
    const url = 'http://127.0.0.1:18934';
    const json = { authorization: `Bearer ${fx.key}`, 'content-type': 'application/json' };
    const rest = await load({
      url: `${url}/v1/links`,
      seconds,
      connections: 20,
      method: 'POST',
      headers: json,
      body: JSON.stringify({ destination: 'https://example.com/new', tags: ['bench'] }),
    });
    const gql = await load({
      url: `${url}/graphql`,
      seconds,
      connections: 20,
      method: 'POST',
      headers: json,
      body: JSON.stringify({ query: 'mutation { createLink(destination: "https://example.com/gql", tags: ["bench"]) { id short_url } }' }),
    });
    say('');
    say('Link creation (20 connections):');
    say(`  REST POST /v1/links      ${fmt(rest)}`);
    say(`  GraphQL createLink       ${fmt(gql)}`);
  } finally {
    await stop(lsk);
  }
}
