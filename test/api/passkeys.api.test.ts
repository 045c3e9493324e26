/**
 * The passkey routes' refusals, through the real server on both stores (the ceremonies themselves
 * run in Chromium with a virtual authenticator: test/e2e/dashboard-passkeys.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { CHEAP_PASSWORDS, newAccount, post } from './_accounts.js';
import { BIG_PLAN, expectError } from './_assert.js';

const assertion = (id: string) => ({
  id,
  rawId: id,
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0', authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4', signature: 'MEUCIQ' },
});

describe.each(STORES)('passkey routes on %s', (store) => {
  let lsk: Lsk;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    lsk = await startLsk(store, { env: { ...CHEAP_PASSWORDS, LSK_TRUST_PROXY: '1' } });
    api = client(lsk.base);
    await lsk.workspace('acme', BIG_PLAN);
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  it('answers registration options for the signed-in user only: this site as relying party, the user, a fresh challenge', async () => {
    const a = await newAccount(lsk, `pk1.${store}@example.com`, 'acme');
    const res = await post(lsk, '/auth/passkeys/options', undefined, { cookie: a.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rp: { name: 'lsk', id: 'localhost' }, user: { name: a.email }, attestation: 'none', excludeCredentials: [] });
    expect(res.body.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await post(lsk, '/auth/passkeys/options', undefined, { cookie: a.cookie })).body.challenge).not.toBe(res.body.challenge);
    expectError(await post(lsk, '/auth/passkeys/options'), 401, 'unauthorized');
    expect((await api('GET', '/auth/passkeys', undefined, { cookie: a.cookie })).body).toEqual({ data: [] });
    expectError(await api('GET', '/auth/passkeys'), 401, 'unauthorized');
  });

  it('refuses a registration that is not a valid answer to one of its challenges, and bad bodies, naming the field', async () => {
    const a = await newAccount(lsk, `pk2.${store}@example.com`, 'acme');
    const forged = {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      response: { clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0', attestationObject: 'o2NmbXRkbm9uZQ' },
    };
    expectError(await post(lsk, '/auth/passkeys', { response: forged, name: 'x' }, { cookie: a.cookie }), 400, 'validation_failed', { paths: ['response'] });
    expectError(await post(lsk, '/auth/passkeys', { response: { ...forged, type: 'other' } }, { cookie: a.cookie }), 400, 'validation_failed', {
      paths: ['response.type'],
    });
    expectError(await post(lsk, '/auth/passkeys', { response: forged, name: '' }, { cookie: a.cookie }), 400, 'validation_failed', { paths: ['name'] });
    expectError(await post(lsk, '/auth/passkeys', { response: forged, extra: true }, { cookie: a.cookie }), 400, 'validation_failed', { paths: ['extra'] });
    expect((await api('GET', '/auth/passkeys', undefined, { cookie: a.cookie })).body.data).toEqual([]);
  });

  it('refuses a sign-in with an unknown passkey (401) and malformed answers (400); removing another’s or an unknown passkey is 404', async () => {
    const a = await newAccount(lsk, `pk3.${store}@example.com`, 'acme');
    const options = await post(lsk, '/auth/passkeys/sign-in/options');
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({ rpId: 'localhost', userVerification: 'required', allowCredentials: [] });
    expectError(await post(lsk, '/auth/passkeys/sign-in', { response: assertion('unknownCredential') }), 401, 'invalid_credentials');
    expectError(await post(lsk, '/auth/passkeys/sign-in', { response: { id: 'x' } }), 400, 'validation_failed', {
      paths: ['response.rawId', 'response.type', 'response.response'],
    });
    expectError(await api('DELETE', '/auth/passkeys/pky_unknown', undefined, { cookie: a.cookie }), 404, 'not_found');
    expectError(await api('DELETE', '/auth/passkeys/pky_unknown'), 401, 'unauthorized');
    expectError(await post(lsk, '/auth/sign-in/passkey-options', { challenge: 'unknown' }), 400, 'validation_failed', { paths: ['challenge'] });
  });
});
