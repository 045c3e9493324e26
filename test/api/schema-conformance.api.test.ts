/**
 * The served OpenAPI document and the server agree where schemathesis found them apart: every path
 * answers OPTIONS (and any undocumented method) with 405 and an Allow header naming exactly the
 * document's methods, each once; requests the document's schemas refuse are refused (400) rather
 * than read loosely; the export operation states its scope and its example row fits its header.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, startLsk } from '../support/server.js';
import { BIG_PLAN, expectError } from './_assert.js';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

describe('the server as its OpenAPI document says', () => {
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  let doc: Obj;

  beforeAll(async () => {
    lsk = await startLsk('sqlite');
    api = client(lsk.base, await lsk.workspace('conformance', BIG_PLAN));
    doc = (await api('GET', '/v1/openapi.json')).body;
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  it('answers OPTIONS on every documented path with 405 and Allow listing exactly its documented methods (and HEAD beside GET), once each', async () => {
    for (const [path, item] of Object.entries(doc.paths as Obj)) {
      // The document does not list HEAD; it is served wherever GET is (RFC 9110 §9.3.2).
      const documented = METHODS.filter((m) => m in item).flatMap((m) => (m === 'get' ? ['GET', 'HEAD'] : [m.toUpperCase()]));
      const concrete = path.replace(/\{[^}]+\}/g, 'x1');
      const res = await api('OPTIONS', `/v1${concrete}`);
      expect(res.status, `OPTIONS ${path}`).toBe(405);
      const allow = (res.headers.get('allow') ?? '').split(/,\s*/);
      expect(new Set(allow).size, `Allow of ${path}: ${allow.join(', ')}`).toBe(allow.length);
      expect([...allow].sort(), `Allow of ${path}`).toEqual([...documented].sort());
    }
  });

  it('answers 405 (not 400 or 404) to an undocumented method on a literal path: PATCH /v1/links/export, GET /v1/links/bulk', async () => {
    const exp = await api('PATCH', '/v1/links/export', {});
    expectError(exp, 405, 'method_not_allowed');
    expect(exp.headers.get('allow')).toBe('GET, HEAD');
    const bulk = await api('GET', '/v1/links/bulk');
    expectError(bulk, 405, 'method_not_allowed');
    expect(bulk.headers.get('allow')).toBe('POST, PATCH, DELETE');
  });

  it("gives the export operation its scope, and an example whose rows have the header's 22 cells", () => {
    const op = doc.paths['/links/export'].get;
    expect(op['x-lsk-scope']).toBe('links:read');
    expect(op.description).toContain('links:read');
    const rows = parse(op.responses['200'].content['text/csv'].example as string) as string[][];
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(row).toHaveLength(22);
  });

  it('refuses an empty filter value (GET /v1/analytics?link_id=) instead of answering for the whole workspace', async () => {
    for (const q of ['link_id=', 'tag=', 'domain=', 'link_id=&group_by=countries']) {
      const res = await api('GET', `/v1/analytics?${q}`);
      expectError(res, 400, 'validation_failed', { paths: [q.split('=')[0]!] });
    }
    // An empty cursor is not the first page (the document says minLength 1).
    expectError(await api('GET', '/v1/links?cursor='), 400, 'validation_failed', { paths: ['cursor'] });
  });
});
