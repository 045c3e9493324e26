/** QR codes: GET /v1/links/{id}/qr (SVG and PNG) and Link.qr_svg, decoded back to the short URL. */
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { BIG_PLAN, createLink, expectError } from './_assert.js';

// jsqr is CommonJS: its function is the module itself or its default, depending on the loader.
type Decoder = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const jsQR = ((jsQRModule as unknown as { default?: Decoder }).default ?? jsQRModule) as unknown as Decoder;

/** The text a PNG's QR code holds, read pixel by pixel with jsqr. */
function decodePng(bytes: Buffer): { text: string | undefined; width: number; pixel: (x: number, y: number) => number[] } {
  const png = PNG.sync.read(bytes);
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  const pixel = (x: number, y: number) => [...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3)];
  return { text: code?.data, width: png.width, pixel };
}

async function raw(lsk: Lsk, key: string, path: string) {
  const res = await fetch(`${lsk.base}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
}

describe.each(STORES)('QR codes on %s', (store) => {
  let lsk: Lsk;
  let key: string;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    lsk = await startLsk(store);
    key = await lsk.workspace('qr', BIG_PLAN);
    api = client(lsk.base, key);
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  it('answers a PNG that decodes to the short URL, at the asked size, colours and error correction', async () => {
    const link = await createLink(api, { destination: 'https://example.com/qr', alias: 'qr-png' });
    const res = await raw(lsk, key, `/v1/links/${link.id}/qr?format=png&size=300&margin=4&ecc=H&fg=112233&bg=FFEEDD`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('image/png');
    const png = decodePng(res.body);
    expect(png.text).toBe(`${link.short_url}?qr=1`);
    expect(png.width).toBe(300);
    expect(png.pixel(0, 0)).toEqual([0xff, 0xee, 0xdd]);
  });

  it('answers SVG by default, and Link.qr_svg in GraphQL is an SVG of the same URL', async () => {
    const link = await createLink(api, { destination: 'https://example.com/qr', alias: 'qr-svg' });
    const res = await raw(lsk, key, `/v1/links/${link.id}/qr`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('image/svg+xml');
    const svg = res.body.toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="512" height="512"/);
    const gql = await api('POST', '/graphql', { query: `{ link(id: "${link.id}") { qr_svg(size: 512) } }` });
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.link.qr_svg).toBe(svg);
    const png = await api('POST', '/graphql', { query: `{ linkQrCode(id: "${link.id}", format: png, size: 128) { content_type base64 } }` });
    expect(png.body.data.linkQrCode.content_type).toBe('image/png');
    expect(decodePng(Buffer.from(png.body.data.linkQrCode.base64, 'base64')).text).toBe(`${link.short_url}?qr=1`);
  });

  it('refuses bad options with every problem named, and another workspace’s link with 404', async () => {
    const link = await createLink(api, { destination: 'https://example.com/qr' });
    const bad = await api('GET', `/v1/links/${link.id}/qr?format=gif&size=63&margin=17&ecc=X&fg=%23000000&bg=white`);
    expectError(bad, 400, 'validation_failed', { paths: ['format', 'size', 'margin', 'ecc', 'fg', 'bg'] });
    expectError(await api('GET', `/v1/links/${link.id}/qr?size=2049`), 400, 'validation_failed', { paths: ['size'] });
    const other = client(lsk.base, await lsk.workspace('qr-other'));
    expectError(await other('GET', `/v1/links/${link.id}/qr`), 404, 'not_found');
    const gql = await api('POST', '/graphql', { query: `{ link(id: "${link.id}") { qr_svg(size: 10) } }` });
    expect(gql.body.errors[0].extensions.code).toBe('validation_failed');
  });
});
