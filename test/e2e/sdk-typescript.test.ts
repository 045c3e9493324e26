/**
 * The TypeScript client (clients/typescript) against the real server process on SQLite: every REST
 * operation and the typed GraphQL documents. Transport (errors, retries, timeouts, key rotation):
 * sdk-typescript-transport.test.ts.
 */
import { readFileSync } from 'node:fs';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as documents from '../../clients/typescript/src/graphql.js';
import {
  CreateLinkDocument,
  DeleteLinkDocument,
  LinkDocument,
  LinkStatsDocument,
  LinksDocument,
  UpdateLinkDocument,
  WorkspaceDocument,
} from '../../clients/typescript/src/graphql.js';
import type { TypedDocument } from '../../clients/typescript/src/index.js';
import { LskClient, LskError, operations } from '../../clients/typescript/src/index.js';
import { liveLsk, rejection } from '../support/sdk-fetch.js';

const live = liveLsk();
const make = live.make;

describe('TypeScript client: every REST operation', () => {
  it('has a method for every operationId of schema/openapi.json', () => {
    const api = JSON.parse(readFileSync(new URL('../../schema/openapi.json', import.meta.url), 'utf8'));
    const ids: string[] = [];
    for (const item of Object.values(api.paths) as Record<string, { operationId?: string }>[]) {
      for (const op of Object.values(item)) if (op.operationId) ids.push(op.operationId);
    }
    expect(ids.sort()).toEqual(Object.keys(operations).sort());
    for (const id of ids) expect(typeof (LskClient.prototype as unknown as Record<string, unknown>)[id], id).toBe('function');
  });

  it('links: create, get, list (filters and pages), update, stats, delete', async () => {
    const c = make();
    const a = await c.createLink({
      destination: 'https://example.com/a',
      alias: 'ts-a',
      tags: ['Spring', 'ts'],
      geo_targeting: { DE: 'https://example.de/a' },
    });
    expect(a).toMatchObject({
      alias: 'ts-a',
      destination: 'https://example.com/a',
      tags: ['Spring', 'ts'],
      geo_targeting: { DE: 'https://example.de/a' },
      clicks: 0,
    });
    expect(a.id).toMatch(/^lnk_/);
    expect(a.short_url).toBe(`http://localhost:${live.lsk.port}/ts-a`);
    const b = await c.createLink({ destination: 'https://example.com/b' });
    expect(b.alias).toMatch(/^[A-Za-z0-9]{7}$/);

    expect(await c.link(a.id)).toEqual(a);
    const all = await c.links();
    expect(all.data.map((l) => l.id)).toEqual([b.id, a.id]);
    expect(all.next_cursor).toBeNull();
    expect((await c.links({ tag: 'spring' })).data.map((l) => l.id)).toEqual([a.id]);
    expect((await c.links({ q: 'example.com/b' })).data.map((l) => l.id)).toEqual([b.id]);
    const p1 = await c.links({ limit: 1 });
    expect(p1.data).toHaveLength(1);
    expect(p1.next_cursor).toEqual(expect.any(String));
    const p2 = await c.links({ limit: 1, cursor: p1.next_cursor! });
    expect(p2.data[0]!.id).toBe(a.id);
    const seen: string[] = [];
    for await (const l of c.paginate('links', { params: { limit: 1 } })) seen.push(l.id);
    expect(seen).toEqual([b.id, a.id]);

    const u = await c.updateLink(a.id, { destination: 'https://example.com/a2', geo_targeting: null });
    expect(u).toMatchObject({ id: a.id, destination: 'https://example.com/a2', geo_targeting: {} });

    const stats = await c.linkStats(a.id);
    expect(stats).toMatchObject({ link_id: a.id, clicks: 0, bots: 0, by_country: [], by_referrer: [], by_device: [] });
    const ranged = await c.linkStats(a.id, { from: '2026-01-01', to: '2026-01-03' });
    expect(ranged).toMatchObject({ from: '2026-01-01', to: '2026-01-03' });

    await expect(c.deleteLink(b.id)).resolves.toBeUndefined();
    const gone = (await rejection(c.link(b.id))) as LskError;
    expect(gone).toBeInstanceOf(LskError);
    expect(gone.code).toBe('not_found');
  });

  it('tags: list, rename/merge, delete', async () => {
    const c = make();
    await c.createLink({ destination: 'https://example.com/t', tags: ['alpha', 'beta'] });
    const names = (await c.tags()).data.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['alpha', 'beta']));
    const renamed = await c.updateTag('alpha', { name: 'gamma' });
    expect(renamed).toMatchObject({ name: 'gamma', links: 1 });
    await expect(c.deleteTag('gamma')).resolves.toBeUndefined();
    expect((await c.tags()).data.map((t) => t.name)).not.toContain('gamma');
    // Names with characters that need escaping in a path.
    await c.createLink({ destination: 'https://example.com/t2', tags: ['a b/c?'] });
    expect(await c.updateTag('a b/c?', { name: 'plain' })).toMatchObject({ name: 'plain' });
  });

  it('domains: add, list, remove', async () => {
    const c = make();
    const d = await c.createDomain({ host: 'go.ts-client.example' });
    expect(d).toMatchObject({ host: 'go.ts-client.example', created_at: expect.any(String) });
    expect((await c.domains()).data.map((x) => x.host)).toContain('go.ts-client.example');
    await expect(c.deleteDomain('go.ts-client.example')).resolves.toBeUndefined();
    expect((await c.domains()).data.map((x) => x.host)).not.toContain('go.ts-client.example');
  });

  it('keys: create (secret once), list, revoke; workspace', async () => {
    const c = make();
    const k = await c.createKey({ name: 'ci' });
    expect(k).toMatchObject({ name: 'ci', revoked_at: null });
    expect(k.key).toMatch(/^lsk_live_/);
    expect((await c.keys()).data.map((x) => x.id)).toContain(k.id);
    const other = new LskClient({ baseUrl: live.lsk.base, apiKey: k.key });
    expect((await other.workspace()).slug).toBe('acme');
    await expect(c.revokeKey(k.id)).resolves.toBeUndefined();
    const err = (await rejection(other.workspace())) as LskError;
    expect(err.code).toBe('key_revoked');
    expect(err.status).toBe(401);

    expect(await c.workspace()).toMatchObject({ slug: 'acme', plan: 'standard', rate_limit_rpm: 100, id: expect.stringMatching(/^wsp_/) });
  });
});

describe('TypeScript client: typed GraphQL', () => {
  it('runs the typed documents against /graphql', async () => {
    const c = make();
    const { createLink } = await c.graphql(CreateLinkDocument, {
      destination: 'https://example.com/gql',
      alias: 'ts-gql',
      tags: ['g'],
      geo_targeting: { FR: 'https://example.fr/' },
    });
    expect(createLink).toMatchObject({ alias: 'ts-gql', tags: ['g'], geo_targeting: { FR: 'https://example.fr/' } });
    const created = createLink!; // mutation fields are nullable (partial results); this one succeeded
    const { link } = await c.graphql(LinkDocument, { id: created.id });
    expect(link).toEqual(created);
    // status and sort are enums: the generated variables take their values (a string outside them does not typecheck).
    const { links } = await c.graphql(LinksDocument, { tag: 'g', limit: 5, status: 'active', sort: 'oldest' });
    // Query fields are nullable too (one refused field leaves the others their data).
    expect(links!.data.map((l) => l.id)).toEqual([created.id]);
    expect(links!.next_cursor).toBeNull();
    const { updateLink } = await c.graphql(UpdateLinkDocument, { id: created.id, destination: 'https://example.com/gql2' });
    expect(updateLink?.destination).toBe('https://example.com/gql2');
    const { linkStats } = await c.graphql(LinkStatsDocument, { id: created.id });
    expect(linkStats!.link_id).toBe(created.id);
    const { workspace } = await c.graphql(WorkspaceDocument);
    expect(workspace!.slug).toBe('acme');
    const { deleteLink } = await c.graphql(DeleteLinkDocument, { id: created.id });
    expect(deleteLink).toBe(true);

    const err = (await rejection(c.graphql(LinkDocument, { id: created.id }))) as LskError;
    expect(err).toBeInstanceOf(LskError);
    expect(err).toMatchObject({ code: 'not_found', status: 404 });

    const bad = (await rejection(c.graphql(CreateLinkDocument, { destination: 'javascript:x' }))) as LskError;
    expect(bad).toMatchObject({ code: 'validation_failed', status: 400 });
  });

  it('exports a typed document for every root Query and Mutation field, and gql() types your own', async () => {
    const schema = buildSchema(readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8'));
    const roots = [schema.getQueryType(), schema.getMutationType()].flatMap((t) => Object.keys(t?.getFields() ?? {}));
    for (const f of roots) expect(typeof (documents as Record<string, unknown>)[`${f.charAt(0).toUpperCase()}${f.slice(1)}Document`], f).toBe('string');
    const typed: TypedDocument<{ tags: { data: { name: string }[] } }, Record<string, never>> = documents.gql('{ tags { data { name } } }');
    const { tags } = await make().graphql(typed);
    expect(tags.data.map((t) => t.name)).toEqual(expect.arrayContaining(['g']));
  });
});
