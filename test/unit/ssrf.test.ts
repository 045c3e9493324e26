/**
 * SSRF protection of webhook targets: literal addresses in every form the URL parser accepts, IPv6
 * and IPv4-mapped forms, metadata names, host names resolving to private addresses (a custom
 * resolver stands in for DNS), and a delivery connecting to the address that was checked.
 */
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { ManualClock } from '../../src/domain/clock.js';
import { LskError } from '../../src/domain/errors.js';
import { send } from '../../src/webhooks/sender.js';
import { blockedAddress, type Resolver, resolveTarget, TargetRefused } from '../../src/webhooks/ssrf.js';
import { buildServices } from '../../src/wiring/build-services.js';
import { as } from '../support/caller.js';
import { startReceiver } from '../support/webhook-receiver.js';

const resolver =
  (table: Record<string, string[]>): Resolver =>
  async (host) => {
    const found = table[host];
    if (!found) throw new Error('ENOTFOUND');
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

const refused = (url: string, resolve: Resolver = resolver({})) => resolveTarget(new URL(url), { allowPrivate: false, resolve });

describe('blocked addresses', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::7f00:1',
  ])('refuses %s', (a) => {
    expect(blockedAddress(a)).not.toBeNull();
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (a) => {
    expect(blockedAddress(a)).toBeNull();
  });
});

describe('resolving a webhook target', () => {
  it.each([
    'http://127.0.0.1/x',
    'http://2130706433/x', // decimal
    'http://0x7f000001/x', // hex
    'http://0177.0.0.1/x', // octal
    'http://127.1/x', // short form
    'http://0x7f.1/x',
    'http://[::1]/x',
    'http://[::ffff:127.0.0.1]/x',
    'http://[::ffff:169.254.169.254]/x',
    'http://169.254.169.254/latest/meta-data',
    'http://[fd00:ec2::254]/x',
    'http://10.0.0.1:8080/x',
    'https://192.168.0.1/x',
    'http://metadata.google.internal/computeMetadata/v1/',
  ])('refuses %s', async (url) => {
    await expect(refused(url)).rejects.toBeInstanceOf(TargetRefused);
  });

  it('refuses a host name when any of its addresses is private, and one that does not resolve', async () => {
    const dns = resolver({ 'evil.example': ['93.184.215.14', '127.0.0.1'], 'inner.example': ['10.0.0.5'], 'v6.example': ['fc00::5'] });
    for (const host of ['evil.example', 'inner.example', 'v6.example', 'nowhere.example']) {
      await expect(refused(`https://${host}/hook`, dns)).rejects.toBeInstanceOf(TargetRefused);
    }
    await expect(refused('https://public.example/hook', resolver({ 'public.example': ['93.184.215.14'] }))).resolves.toEqual([
      { address: '93.184.215.14', family: 4 },
    ]);
  });

  it('refuses localhost through the system resolver', async () => {
    await expect(resolveTarget(new URL('http://localhost:9/x'), { allowPrivate: false })).rejects.toBeInstanceOf(TargetRefused);
  });

  it('allows private targets when the operator says so', async () => {
    await expect(resolveTarget(new URL('http://127.0.0.1/x'), { allowPrivate: true })).resolves.toEqual([{ address: '127.0.0.1', family: 4 }]);
  });
});

describe('a delivery', () => {
  it('connects to the address that was checked, not to whatever DNS answers later', async () => {
    const rx = await startReceiver();
    try {
      const port = new URL(rx.url).port;
      // "hooks.invalid" exists only in this resolver: the connection can only go where it says.
      const r = await send(`http://hooks.invalid:${port}/hook`, { 'webhook-id': 'msg_1' }, '{}', {
        allowPrivate: true,
        resolve: resolver({ 'hooks.invalid': ['127.0.0.1'] }),
      });
      expect(r).toMatchObject({ statusCode: 204, error: null });
      expect(rx.received[0]!.headers.host).toBe(`hooks.invalid:${port}`);
      const refusedSend = await send(`http://hooks.invalid:${port}/hook`, {}, '{}', {
        allowPrivate: false,
        resolve: resolver({ 'hooks.invalid': ['127.0.0.1'] }),
      });
      expect(refusedSend.statusCode).toBeNull();
      expect(refusedSend.error).toMatch(/^refused: hooks.invalid resolves to 127.0.0.1/);
      expect(rx.received).toHaveLength(1);
    } finally {
      await rx.close();
    }
  });

  it('does not follow redirects', async () => {
    const rx = await startReceiver();
    try {
      rx.answers = [302];
      const r = await send(rx.url, {}, '{}', { allowPrivate: true });
      expect(r.statusCode).toBe(302);
      expect(rx.received).toHaveLength(1);
    } finally {
      await rx.close();
    }
  });

  it('stops reading an endless answer after 4 KB (instead of waiting for its end)', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200);
      const t = setInterval(() => res.write('x'.repeat(1024)), 5);
      res.on('close', () => clearInterval(t));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const r = await send(`http://127.0.0.1:${port}/`, {}, '{}', { allowPrivate: true, timeoutMs: 5000 });
      expect(r).toMatchObject({ statusCode: 200, error: null });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('creating a webhook without LSK_WEBHOOK_ALLOW_PRIVATE', () => {
  it('refuses private targets with validation_failed on url, and changes nothing; a name that resolves nowhere yet is accepted', async () => {
    const config = loadConfig({ DATABASE_URL: 'file::memory:', LSK_COUNTRY_HEADER: 'cf-ipcountry' });
    const services = await buildServices(config, { clock: new ManualClock() });
    try {
      for (const url of ['http://127.0.0.1/x', 'http://[::1]/x', 'http://2130706433/', 'http://localhost/x']) {
        const e = await services.webhooks.service.create(as('wsp_a'), { url, events: ['link.created'] }).catch((x: unknown) => x);
        expect(e).toBeInstanceOf(LskError);
        expect((e as LskError).code).toBe('validation_failed');
        expect((e as LskError).details?.[0]?.path).toBe('url');
      }
      expect(await services.webhooks.service.list(as('wsp_a'))).toEqual([]);
      const later = await services.webhooks.service.create(as('wsp_a'), { url: 'https://not-yet.invalid/hook', events: ['link.created'] });
      expect(later.endpoint.url).toBe('https://not-yet.invalid/hook');
    } finally {
      await services.repos.close();
    }
  });
});
