/**
 * Hosts no tenant may register as a custom domain, on every write path (REST, GraphQL, the CLI):
 * the service's own hosts (the public URL's, the default domain) are taken (409 domain_taken);
 * loopback names and IP literals in any spelling are not custom domains at all (400, as the OpenAPI
 * pattern says). Nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliLines } from '../support/cli-in-process.js';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { BIG_PLAN, expectError, graphql } from './_assert.js';

const OWN = ['app.example.test', 'APP.Example.Test', 'sho.rt', 'SHO.RT'];
const NOT_DOMAINS = [
  'localhost',
  'LocalHost',
  'localhost.',
  'localhost:8080',
  'links.localhost',
  'localhost.localdomain',
  'ip6-localhost',
  '127.0.0.1',
  '127.0.0.1:8080',
  '127.1',
  '0',
  '0.0.0.0',
  '2130706433',
  '999',
  '0x7f000001',
  '0x7f.1',
  '0177.0.0.1',
  '10.0.0.1',
  '1.2.3.4',
  '::1',
  '[::1]',
  '[::ffff:127.0.0.1]',
  'app.example.test.',
  'sho.rt.',
];

describe.each(STORES)('hosts that never become custom domains on %s', (store) => {
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  let gql: ReturnType<typeof graphql>;

  beforeAll(async () => {
    lsk = await startLsk(store, { env: { LSK_PUBLIC_URL: 'http://app.example.test', LSK_DEFAULT_DOMAIN: 'sho.rt' } });
    const key = await lsk.workspace('tenant', BIG_PLAN);
    api = client(lsk.base, key);
    gql = graphql(lsk.base, key);
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  const hosts = async () => (await api('GET', '/v1/domains')).body.data.map((d: { host: string }) => d.host);
  /**
   * `lsk domain add <host>` refused: what it said. The real CLI (a process: its exit status and
   * stderr) for the first host of each list; for the others the same command in this process
   * (test/support/cli-in-process.ts), which saves a Node start and, on MongoDB, the store's index
   * checks per host (docs/adr/0221).
   */
  const cliRefusal = async (host: string, real: boolean): Promise<string> => {
    const args = ['domain', 'add', host, '--workspace', 'tenant'];
    if (real) {
      const cli = await lsk.cli(args);
      expect(cli.code).not.toBe(0);
      return cli.stderr;
    }
    const refused = await cliLines(args, lsk.env).then(
      (lines) => ({ lines }),
      (e: Error) => ({ message: e.message }),
    );
    expect(refused).toHaveProperty('message');
    return (refused as { message: string }).message;
  };

  it.each(OWN)("refuses the service's own host %j: 409 domain_taken over REST, GraphQL and the CLI", async (host) => {
    expectError(await api('POST', '/v1/domains', { host }), 409, 'domain_taken', { paths: ['host'] });
    const res = await gql('mutation($host: String!) { createDomain(host: $host) { host } }', { host });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('domain_taken');
    expect(await cliRefusal(host, host === OWN[0])).toMatch(/already registered/i);
    expect(await hosts()).toEqual([]);
  });

  it.each(NOT_DOMAINS)('refuses %j (a loopback name or an IP literal): 400 validation_failed over REST, GraphQL and the CLI', async (host) => {
    expectError(await api('POST', '/v1/domains', { host }), 400, 'validation_failed', { paths: ['host'] });
    const res = await gql('mutation($host: String!) { createDomain(host: $host) { host } }', { host });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('validation_failed');
    await cliRefusal(host, host === NOT_DOMAINS[0]);
    expect(await hosts()).toEqual([]);
  });

  it('still registers an ordinary host, and links use it', async () => {
    expect((await api('POST', '/v1/domains', { host: 'go.tenant.example' })).status).toBe(201);
    expect((await api('POST', '/v1/links', { destination: 'https://example.com/', domain: 'go.tenant.example', alias: 'x' })).status).toBe(201);
    expect(await hosts()).toEqual(['go.tenant.example']);
  });
});
