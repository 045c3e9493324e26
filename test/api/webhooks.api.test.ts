/**
 * Webhooks over REST and GraphQL against the real server process, on both stores: the endpoints API,
 * deliveries to a real loopback receiver verified with standardwebhooks, a retry moved along by the
 * test clock file (LSK_TEST_CLOCK_FILE), and SSRF refusals on a server that does not allow private targets.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';
import { type Receiver, startReceiver } from '../support/webhook-receiver.js';
import { BIG_PLAN, expectError, ISO_TIME } from './_assert.js';

type Api = ReturnType<typeof client>;
const ENDPOINT_FIELDS = ['created_at', 'description', 'enabled', 'events', 'id', 'url'];
const DELIVERY_FIELDS = [
  'attempts',
  'created_at',
  'delivered_at',
  'event_type',
  'id',
  'last_duration_ms',
  'last_error',
  'last_status_code',
  'next_attempt_at',
  'status',
];

/** Poll (the worker runs on its own timer) until `check` holds; fails after 15 s. */
async function until<T>(read: () => Promise<T>, check: (v: T) => boolean): Promise<T> {
  const v = await waitFor(read, check, { timeout: 15_000, interval: 100 });
  if (!check(v)) throw new Error('condition not reached in 15 s');
  return v;
}

describe.each(STORES)('webhooks over the API on %s', (store) => {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-hooks-'));
  const clockFile = join(dir, 'offset-ms');
  let offset = 0;
  const moveBy = (ms: number) => {
    offset += ms;
    writeFileSync(clockFile, String(offset));
  };
  let lsk: Lsk;
  let api: Api;
  let other: Api;
  let rx: Receiver;

  beforeAll(async () => {
    writeFileSync(clockFile, '0');
    rx = await startReceiver(() => new Date(Date.now() + offset));
    lsk = await startLsk(store, { env: { LSK_WEBHOOK_ALLOW_PRIVATE: 'true', LSK_TEST_CLOCK_FILE: clockFile } });
    api = client(lsk.base, await lsk.workspace('hooks', BIG_PLAN));
    other = client(lsk.base, await lsk.workspace('others', BIG_PLAN));
  });
  afterAll(async () => {
    await lsk?.stop();
    await rx?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('manages endpoints: the secret shown once, list, get, patch, rotate, delete; other workspaces see nothing', async () => {
    const made = await api('POST', '/v1/webhooks', { url: rx.url, events: ['link.created', 'link.created'], description: 'CRM' });
    expect(made.status, made.text).toBe(201);
    expect(Object.keys(made.body).sort()).toEqual([...ENDPOINT_FIELDS, 'secret'].sort());
    expect(made.body).toMatchObject({ url: rx.url, events: ['link.created'], description: 'CRM', enabled: true });
    expect(made.body.id).toMatch(/^whk_/);
    expect(made.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(made.body.created_at).toMatch(ISO_TIME);
    expect(made.headers.get('location')).toBe(`/v1/webhooks/${made.body.id}`);
    const path = `/v1/webhooks/${made.body.id}`;
    const got = await api('GET', path);
    expect(Object.keys(got.body).sort()).toEqual(ENDPOINT_FIELDS);
    expect((await api('GET', '/v1/webhooks')).body.data.map((e: { id: string }) => e.id)).toEqual([made.body.id]);
    const patched = await api('PATCH', path, { events: ['link.deleted', 'link.clicked'], description: null, enabled: false });
    expect(patched.body).toMatchObject({ events: ['link.deleted', 'link.clicked'], description: null, enabled: false });
    const rotated = await api('POST', `${path}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(made.body.secret);
    expectError(await other('GET', path), 404, 'not_found');
    expectError(await other('PATCH', path, { enabled: true }), 404, 'not_found');
    expectError(await other('POST', `${path}/test`), 404, 'not_found');
    expect((await other('GET', '/v1/webhooks')).body.data).toEqual([]);
    expect((await api('DELETE', path)).status).toBe(204);
    expectError(await api('GET', path), 404, 'not_found');
  });

  it('refuses bad input with every problem named, changing nothing', async () => {
    expectError(await api('POST', '/v1/webhooks', { url: 'javascript:alert(1)', events: [], extra: 1 }), 400, 'validation_failed', {
      paths: ['url', 'events', 'extra'],
    });
    expectError(await api('POST', '/v1/webhooks', { url: rx.url, events: ['link.exploded'] }), 400, 'validation_failed', { paths: ['events.0'] });
    expectError(await api('POST', '/v1/webhooks', { url: rx.url }), 400, 'validation_failed', { paths: ['events'] });
    expectError(await api('POST', '/v1/webhooks', { url: `${rx.url}\u0085`, events: ['link.created'] }), 400, 'validation_failed', { paths: ['url'] });
    expectError(await api('GET', '/v1/webhooks/whk_x/deliveries?limit=0'), 400, 'validation_failed', { paths: ['limit'] });
    expect((await api('GET', '/v1/webhooks')).body.data).toEqual([]);
  });

  it('delivers link events and webhook.test signed, logs them, retries on the test clock, and retries by hand with the same webhook-id', async () => {
    const made = await api('POST', '/v1/webhooks', { url: rx.url, events: ['link.created', 'link.deleted'] });
    rx.secrets.push(made.body.secret);
    const path = `/v1/webhooks/${made.body.id}`;
    const deliveries = () => api('GET', `${path}/deliveries`).then((r) => r.body.data as Record<string, unknown>[]);
    rx.answers = [500];
    const link = await api('POST', '/v1/links', { destination: 'https://example.com/hooked' });
    const first = await until(deliveries, (d) => d.length === 1 && d[0]!.attempts === 1);
    expect(Object.keys(first[0]!).sort()).toEqual(DELIVERY_FIELDS);
    expect(first[0]).toMatchObject({ event_type: 'link.created', status: 'pending', last_status_code: 500, last_error: 'answered HTTP 500' });
    expect(Date.parse(String(first[0]!.next_attempt_at)) - Date.parse(String(first[0]!.created_at))).toBeGreaterThanOrEqual(5000);
    moveBy(5000); // the server's clock reaches the first retry
    const retried = await until(deliveries, (d) => d[0]!.status === 'delivered');
    expect(retried[0]).toMatchObject({ attempts: 2, last_status_code: 204, last_error: null });
    const [a, b] = rx.received.slice(-2);
    expect(a!.id).toBe(b!.id);
    expect(b!.body).toMatchObject({ type: 'link.created', data: { link: { id: link.body.id, destination: 'https://example.com/hooked' } } });
    expect(rx.received.slice(-2).every((r) => r.verifiedBy.length === 1)).toBe(true);

    const test = await api('POST', `${path}/test`);
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ event_type: 'webhook.test', status: 'pending', attempts: 0 });
    await until(deliveries, (d) => d.some((x) => x.id === test.body.id && x.status === 'delivered'));
    expect(rx.received.at(-1)!.body.type).toBe('webhook.test');

    const again = await api('POST', `${path}/deliveries/${test.body.id}/retry`);
    expect(again.body).toMatchObject({ id: test.body.id, status: 'pending' });
    await until(deliveries, (d) => d.some((x) => x.id === test.body.id && x.attempts === 2 && x.status === 'delivered'));
    expect(rx.received.at(-1)!.id).toBe(rx.received.at(-2)!.id);
    expectError(await api('POST', `${path}/deliveries/dlv_none/retry`), 404, 'not_found');

    const page = await api('GET', `${path}/deliveries?limit=1`);
    expect(page.body.data).toHaveLength(1);
    const next = await api('GET', `${path}/deliveries?limit=1&cursor=${page.body.next_cursor}`);
    expect(next.body.data[0].id).not.toBe(page.body.data[0].id);
    expectError(await api('GET', `${path}/deliveries?cursor=nope`), 400, 'invalid_cursor');
  });

  it('works through GraphQL as well', async () => {
    const res = await api('POST', '/graphql', {
      query: 'mutation($u: String!) { createWebhook(url: $u, events: ["link.updated"]) { id secret events enabled } }',
      variables: { u: rx.url },
    });
    expect(res.body.data.createWebhook).toMatchObject({ events: ['link.updated'], enabled: true });
    const id = res.body.data.createWebhook.id;
    const read = await api('POST', '/graphql', { query: `{ webhook(id: "${id}") { id url } webhookDeliveries(id: "${id}") { data { id } next_cursor } }` });
    expect(read.body.data).toEqual({ webhook: { id, url: rx.url }, webhookDeliveries: { data: [], next_cursor: null } });
  });
});

describe('webhook targets on a server that does not allow private addresses', () => {
  let lsk: Lsk;
  let api: Api;
  beforeAll(async () => {
    lsk = await startLsk('sqlite');
    api = client(lsk.base, await lsk.workspace('strict', BIG_PLAN));
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://2130706433/hook',
    'http://0177.0.0.1/hook',
    'http://0x7f000001/hook',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://10.0.0.1/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://metadata.google.internal/',
    'http://localhost/hook',
  ])('refuses %s at creation', async (url) => {
    const res = await api('POST', '/v1/webhooks', { url, events: ['link.created'] });
    expectError(res, 400, 'validation_failed', { paths: ['url'] });
    expect(res.body.error.message).toMatch(/not allowed/);
  });

  it('refuses a private target in a PATCH, keeping the endpoint as it was', async () => {
    const made = await api('POST', '/v1/webhooks', { url: 'https://93.184.215.14/hook', events: ['link.created'] });
    expect(made.status, made.text).toBe(201);
    expectError(await api('PATCH', `/v1/webhooks/${made.body.id}`, { url: 'http://192.168.1.1/' }), 400, 'validation_failed', { paths: ['url'] });
    expect((await api('GET', `/v1/webhooks/${made.body.id}`)).body.url).toBe('https://93.184.215.14/hook');
  });
});
