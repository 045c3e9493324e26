/**
 * MCP, black-box, with the SDK's own client: POST /mcp (Streamable HTTP, Bearer API key) against the
 * real server, and `lsk mcp` (stdio) spawned as the real CLI on the same store. The tool list is the
 * schema's root fields; a call answers what the API answers; scopes, input rules and the plan limit
 * refuse as they do on the API, with the API's error codes.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_JS, client, type Lsk, runCli, startLsk } from '../support/server.js';

type Api = ReturnType<typeof client>;
type Result = Awaited<ReturnType<Client['callTool']>>;

const text = (r: Result) => (r.content as { type: string; text: string }[])[0]!.text;
const json = (r: Result) => JSON.parse(text(r));

async function httpClient(base: string, key: string): Promise<Client> {
  const c = new Client({ name: 'lsk-test', version: '1.0.0' });
  await c.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  return c;
}

/** The root fields of the live schema, by introspection (no key needed). */
async function rootFields(api: Api): Promise<string[]> {
  const r = await api('POST', '/graphql', { query: '{ __schema { queryType { fields { name } } mutationType { fields { name } } } }' });
  const s = r.body.data.__schema;
  return [...s.queryType.fields, ...s.mutationType.fields].map((f: { name: string }) => f.name).sort();
}

describe('MCP on sqlite', () => {
  let lsk: Lsk;
  let key: string;
  let api: Api;
  beforeAll(async () => {
    lsk = await startLsk('sqlite');
    key = await lsk.workspace('acme');
    api = client(lsk.base, key);
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  it('POST /mcp lists one tool per GraphQL root field, named as the field, with input schemas', async () => {
    const mcp = await httpClient(lsk.base, key);
    const { tools } = await mcp.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(await rootFields(client(lsk.base)));
    const create = tools.find((t) => t.name === 'createLink')!;
    expect(create.description).toMatch(/Create a link\..*links:write/);
    expect(create.inputSchema.required).toEqual(['destination']);
    expect(create.inputSchema.properties).toHaveProperty('alias');
    expect(tools.find((t) => t.name === 'links')!.annotations?.readOnlyHint).toBe(true);
    // Closed sets list their values, the same as the GraphQL enums (analytics and linkQrCode have REST routes; qr_svg's ecc is GraphQL-only).
    const props = (name: string) => tools.find((t) => t.name === name)!.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(props('analytics').group_by?.enum).toEqual(expect.arrayContaining(['timeseries', 'countries', 'links']));
    expect(props('analytics').interval?.enum).toEqual(['hour', 'day', 'week', 'month']);
    expect(props('analytics').compare?.enum).toEqual(['previous']);
    expect(props('linkQrCode').ecc).toMatchObject({ anyOf: [{ enum: ['L', 'M', 'Q', 'H'] }, { type: 'null' }] });
    expect(props('updateMember').role?.enum).toEqual(['owner', 'admin', 'member', 'viewer']);
    await mcp.close();
  });

  it('a tool call answers the JSON the API answers, and bad input gets the API error', async () => {
    const mcp = await httpClient(lsk.base, key);
    const made = await mcp.callTool({ name: 'createLink', arguments: { destination: 'https://example.com/mcp', alias: 'from-mcp', tags: ['ai'] } });
    expect(made.isError).toBeFalsy();
    const link = json(made);
    expect(link).toEqual((await api('GET', `/v1/links/${link.id}`)).body);
    const listed = json(await mcp.callTool({ name: 'links', arguments: { tag: 'ai' } }));
    expect(listed).toEqual((await api('GET', '/v1/links?tag=ai')).body);
    const bad = await mcp.callTool({ name: 'createLink', arguments: { destination: 'ftp://example.com/x', alias: 'from-mcp' } });
    expect(bad.isError).toBe(true);
    expect(json(bad).error.code).toBe('validation_failed');
    // Enum arguments take the same words as REST; another word is refused before anything runs.
    const sorted = json(await mcp.callTool({ name: 'links', arguments: { status: 'active', sort: 'oldest', tag: 'ai' } }));
    expect(sorted).toEqual((await api('GET', '/v1/links?status=active&sort=oldest&tag=ai')).body);
    const badEnum = await mcp.callTool({ name: 'links', arguments: { status: 'gone' } });
    expect(badEnum.isError).toBe(true);
    expect(json(badEnum).error.code).toBe('validation_failed');
    const unknownArg = await mcp.callTool({ name: 'links', arguments: { colour: 'red' } });
    expect(json(unknownArg).error).toMatchObject({ code: 'validation_failed', details: [{ path: 'colour' }] });
    expect((await api('GET', '/v1/links')).body.data).toHaveLength(1);
    await mcp.close();
  });

  it("refuses what the key's scopes do not allow, with the API's code", { timeout: 120_000 }, async () => {
    const made = await lsk.cli(['key', 'create', '--workspace', 'acme', '--name', 'reader', '--scopes', 'links:read']);
    expect(made.code, made.stderr).toBe(0);
    const reader = made.last;
    const mcp = await httpClient(lsk.base, reader);
    const refused = await mcp.callTool({ name: 'createLink', arguments: { destination: 'https://example.com/no' } });
    const rest = await client(lsk.base, reader)('POST', '/v1/links', { destination: 'https://example.com/no' });
    expect(refused.isError).toBe(true);
    expect(json(refused).error.code).toBe(rest.body.error.code);
    expect(json(await mcp.callTool({ name: 'links', arguments: {} })).data).toHaveLength(1);
    await mcp.close();
  });

  it('charges each tool call one unit of the plan and refuses past it with rate_limited', { timeout: 120_000 }, async () => {
    const tiny = await lsk.workspace('tiny', ['--rpm', '2']);
    const mcp = await httpClient(lsk.base, tiny);
    const calls = [];
    for (let i = 0; i < 3; i++) calls.push(await mcp.callTool({ name: 'links', arguments: {} }));
    expect(calls.slice(0, 2).every((c) => !c.isError)).toBe(true);
    expect(calls[2]!.isError).toBe(true);
    expect(json(calls[2]!).error.code).toBe('rate_limited');
    await mcp.close();
  });

  it('POST /mcp without a key, with a bad key, or with GET answers the API error envelope', async () => {
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    const headers = { accept: 'application/json, text/event-stream' };
    const none = await client(lsk.base)('POST', '/mcp', init, headers);
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('unauthorized');
    const bad = await client(lsk.base, 'lsk_live_nope')('POST', '/mcp', init, headers);
    expect(bad.status).toBe(401);
    const get = await api('GET', '/mcp');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const notJson = await api('POST', '/mcp', '{', headers);
    expect(notJson.body.error.code).toBe('invalid_json');
  });

  it('"mcp" is a reserved first alias segment', async () => {
    const r = await api('POST', '/v1/links', { destination: 'https://example.com/x', alias: 'mcp' });
    expect(r.status).toBe(400);
    expect(r.body.error.details[0].path).toBe('alias');
  });

  it('lsk mcp serves the same tools over stdio, acting as LSK_API_KEY', { timeout: 120_000 }, async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI_JS, 'mcp'],
      env: { ...(process.env as Record<string, string>), ...lsk.env, LSK_API_KEY: key },
      stderr: 'pipe',
    });
    const mcp = new Client({ name: 'lsk-test', version: '1.0.0' });
    await mcp.connect(transport);
    const { tools } = await mcp.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(await rootFields(client(lsk.base)));
    const link = json(await mcp.callTool({ name: 'createLink', arguments: { destination: 'https://example.com/stdio', alias: 'over-stdio' } }));
    expect(link).toEqual((await api('GET', `/v1/links/${link.id}`)).body);
    const taken = await mcp.callTool({ name: 'createLink', arguments: { destination: 'https://example.com/stdio', alias: 'over-stdio' } });
    expect(json(taken).error.code).toBe((await api('POST', '/v1/links', { destination: 'https://example.com/x', alias: 'over-stdio' })).body.error.code);
    await mcp.close();
  });

  it('lsk mcp without LSK_API_KEY, or with a bad one, stops with one line', { timeout: 120_000 }, async () => {
    const none = await lsk.cli(['mcp']);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^lsk: set LSK_API_KEY/m);
    const bad = await runCli(['mcp'], { ...lsk.env, LSK_API_KEY: 'lsk_live_not-a-key' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^lsk: .*(API key|invalid)/im);
    expect(bad.stdout).toBe('');
  });
});
