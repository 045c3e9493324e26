/**
 * Reads an OpenAPI 3.0/3.1 document into the neutral ApiModel (model.ts) the Java, Kotlin and Swift
 * generators share, and the TypeScript operation table uses. Deterministic: models and operations
 * are sorted by name. What no client could call (a non-JSON request body, a missing operationId)
 * throws, so drift is loud rather than silent.
 */
import type { ApiModel, Model, Operation, Param, Result, TypeRef } from './model.js';
import { camel, pascal } from './names.js';
import { type Schema, TypeRegistry } from './schema-types.js';

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Follows a local `$ref` (#/components/parameters/…, requestBodies, responses). */
export function deref(doc: Schema, x: Schema | undefined): Schema | undefined {
  let cur = x;
  for (let i = 0; cur?.$ref && i < 10; i++) {
    const path = /^#\/(.+)$/.exec(cur.$ref)?.[1];
    if (!path) throw new Error(`unsupported $ref ${cur.$ref}`);
    cur = path.split('/').reduce<Schema | undefined>((o, k) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    if (!cur) throw new Error(`dangling $ref ${x?.$ref}`);
  }
  return cur;
}

const isJson = (type: string): boolean => /^application\/(.+\+)?json\b/i.test(type);
const isText = (type: string): boolean => /^text\//i.test(type) || /^image\/svg\+xml\b/i.test(type) || /^application\/(.+\+)?xml\b/i.test(type);

function result(reg: TypeRegistry, content: Record<string, Schema> | undefined, where: string): Result {
  const types = Object.keys(content ?? {}).sort();
  const json = types.find(isJson);
  const raw = types.filter((t) => !isJson(t));
  if (json) return { kind: 'json', type: reg.typeOf(content![json]!.schema, where), alsoRaw: raw };
  if (raw.length === 0) return { kind: 'none' };
  return { kind: raw.every(isText) ? 'text' : 'binary', contentTypes: raw };
}

function param(reg: TypeRegistry, p: Schema, where: string): Param {
  return {
    json: p.name,
    name: camel(p.name),
    type: reg.typeOf(p.schema, `${where}${pascal(p.name)}`),
    required: p.required === true || p.in === 'path',
    doc: p.description ?? p.schema?.description ?? '',
    explode: p.explode ?? (p.style === undefined || p.style === 'form'),
  };
}

/** Required ones first (the order a language without named arguments shows), then as documented. */
const requiredFirst = (ps: Param[]): Param[] => [...ps.filter((p) => p.required), ...ps.filter((p) => !p.required)];

function operation(doc: Schema, reg: TypeRegistry, path: string, method: string, item: Schema, op: Schema): Operation {
  const id: string = op.operationId;
  if (!id) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
  const P = pascal(id);
  const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: Schema) => deref(doc, p)!);
  const byIn = (where: string) => params.filter((p) => p.in === where).map((p) => param(reg, p, P));
  let body: Operation['body'] = null;
  const rb = deref(doc, op.requestBody);
  if (rb) {
    const type = Object.keys(rb.content ?? {}).find(isJson);
    if (!type) throw new Error(`${id}: only JSON request bodies are supported (got ${Object.keys(rb.content ?? {}).join(', ')})`);
    body = { type: reg.typeOf(rb.content[type].schema, `${P}Request`), required: rb.required === true };
  }
  const codes = Object.keys(op.responses ?? {})
    .filter((c) => /^2(\d\d|XX)$/i.test(c))
    .sort();
  if (codes.length === 0) throw new Error(`${id}: no 2xx response`);
  const ok = codes[0]!;
  const segments = path
    .split(/(\{[^}]+\})/)
    .filter(Boolean)
    .map((s) => {
      const m = /^\{(.+)\}$/.exec(s);
      return m ? { param: camel(m[1]!) } : { text: s };
    });
  const scope = op['x-lsk-scope'] ? `Scope: \`${op['x-lsk-scope']}\`.` : '';
  return {
    id,
    method: method.toUpperCase(),
    path,
    segments,
    pathParams: byIn('path').sort((a, b) => path.indexOf(`{${a.json}}`) - path.indexOf(`{${b.json}}`)),
    queryParams: requiredFirst(byIn('query')),
    headerParams: requiredFirst(byIn('header')),
    body,
    status: /^\d+$/.test(ok) ? Number(ok) : 200,
    result: result(reg, deref(doc, op.responses[ok])?.content, `${P}Response`),
    doc: [op.summary, op.description, op.description?.includes(String(op['x-lsk-scope'])) ? '' : scope].filter(Boolean).join('\n\n'),
  };
}

/** Names of the models a request body holds, directly or nested. */
function inputModels(models: Map<string, Model>, operations: Operation[]): Set<string> {
  const seen = new Set<string>();
  const visit = (t: TypeRef): void => {
    if (t.kind === 'array') visit(t.items);
    else if (t.kind === 'map') visit(t.values);
    else if (t.kind === 'ref' && !seen.has(t.name)) {
      seen.add(t.name);
      const m = models.get(t.name);
      if (m?.kind === 'object') for (const f of m.fields) visit(f.type);
    }
  };
  for (const op of operations) if (op.body) visit(op.body.type);
  return seen;
}

/** The path of servers[0].url (`/v1`, also when the document gives an absolute URL), without a trailing slash. */
export const basePathOf = (doc: Schema): string => new URL(doc.servers?.[0]?.url ?? '/', 'http://host.invalid').pathname.replace(/\/$/, '');

export function readApi(doc: Schema): ApiModel {
  if (!/^3\.[01]\./.test(String(doc.openapi))) throw new Error(`expected OpenAPI 3.0 or 3.1, got ${doc.openapi}`);
  const components = (doc.components?.schemas ?? {}) as Record<string, Schema>;
  const reg = new TypeRegistry(components);
  // Enum components first, so an inline copy of one anywhere else is read as that component.
  const keys = Object.keys(components);
  for (const key of [...keys.filter((k) => Array.isArray(components[k]!.enum)), ...keys]) reg.component(`#/components/schemas/${key}`);
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Schema>)) {
    for (const method of METHODS) if (item[method]) operations.push(operation(doc, reg, path, method, item, item[method]));
  }
  const byName = <T extends { name?: string; id?: string }>(a: T, b: T) => {
    const x = a.name ?? a.id ?? '';
    const y = b.name ?? b.id ?? '';
    return x < y ? -1 : x > y ? 1 : 0;
  };
  const seen = new Set<string>();
  for (const o of operations) {
    if (seen.has(o.id)) throw new Error(`duplicate operationId ${o.id}`);
    seen.add(o.id);
  }
  const inputs = inputModels(reg.models, operations);
  return {
    title: doc.info?.title ?? 'API',
    version: doc.info?.version ?? '0',
    basePath: basePathOf(doc),
    models: [...reg.models.values()].map((m) => (m.kind === 'object' && inputs.has(m.name) ? { ...m, input: true } : m)).sort(byName),
    operations: operations.sort(byName),
  };
}
