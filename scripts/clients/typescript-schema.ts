/** JSON Schema (OpenAPI 3.0 and 3.1) -> TypeScript type text, for clients/typescript/src/types.ts. */
import { isNullable, nonNull, type Schema } from './schema-types.js';

/** Component names that would shadow a global in client code. */
const RENAME: Record<string, string> = { Error: 'ErrorResponse' };
export const tsName = (component: string): string => RENAME[component] ?? component;

export const typeName = (ref: string): string => {
  const m = /^#\/components\/schemas\/(.+)$/.exec(ref);
  if (!m) throw new Error(`unsupported $ref ${ref}`);
  return tsName(m[1]!);
};

/** Structure no TypeScript type here expresses: refused, so the drift is loud. Anything else unknown is `unknown`. */
const UNSUPPORTED = new Set(['not', 'if', 'then', 'else', 'patternProperties', 'prefixItems', '$dynamicRef']);

const key = (k: string): string => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? k : JSON.stringify(k));
export const doc = (text: string | undefined, indent: string): string =>
  text ? `${indent}/** ${text.replace(/\*\//g, '*\\/').replace(/\s*\n\s*/g, ' ')} */\n` : '';

const wrap = (t: string): string => (/[|&]/.test(t) ? `(${t})` : t);

export function tsType(schema: Schema, indent: string): string {
  const s = nonNull(schema);
  let t: string;
  if (s.$ref) t = typeName(s.$ref);
  else if (s.const !== undefined) t = JSON.stringify(s.const);
  // A map documented by its possible keys (x-lsk-map): the keys are data, so a Record.
  else if (s['x-lsk-map'] === true) t = `Record<string, ${tsType(Object.values(s.properties ?? {})[0] ?? {}, indent)}>`;
  else if (Array.isArray(s.enum)) t = s.enum.map((v: unknown) => JSON.stringify(v)).join(' | ');
  else if (Array.isArray(s.oneOf) || Array.isArray(s.anyOf)) t = ((s.oneOf ?? s.anyOf) as Schema[]).map((m) => wrap(tsType(m, indent))).join(' | ');
  else if (Array.isArray(s.allOf)) t = (s.allOf as Schema[]).map((m) => wrap(tsType(m, indent))).join(' & ');
  else if (Array.isArray(s.type)) t = s.type.map((x: string) => tsType({ ...s, type: x }, indent)).join(' | ');
  else if (s.type === 'string') t = s.format === 'binary' ? 'Blob' : 'string';
  else if (s.type === 'integer' || s.type === 'number') t = 'number';
  else if (s.type === 'boolean') t = 'boolean';
  else if (s.type === 'array') t = `Array<${tsType(s.items ?? {}, indent)}>`;
  else if (s.type === 'object' || s.properties || s.additionalProperties) t = objectType(s, indent);
  else if (s.type === 'null') t = 'null';
  else if (Object.keys(s).some((k) => UNSUPPORTED.has(k))) throw new Error(`unsupported schema ${JSON.stringify(s)}`);
  else t = 'unknown';
  return isNullable(schema) ? `${wrap(t)} | null` : t;
}

function objectType(s: Schema, indent: string): string {
  const props = Object.entries((s.properties ?? {}) as Record<string, Schema>);
  const req = new Set<string>(s.required ?? []);
  const ap = s.additionalProperties;
  if (props.length === 0) {
    if (ap && typeof ap === 'object') return `Record<string, ${tsType(ap, indent)}>`;
    return ap === false ? 'Record<string, never>' : 'Record<string, unknown>';
  }
  const inner = `${indent}  `;
  const lines = props.map(([k, v]) => `${doc(v.description, inner)}${inner}${key(k)}${req.has(k) ? '' : '?'}: ${tsType(v, inner)};\n`);
  return `{\n${lines.join('')}${indent}}`;
}

export function declare(name: string, s: Schema, description?: string): string {
  const t = tsType(s, '');
  const head = doc(description ?? s.description, '');
  const n = nonNull(s);
  const plainObject = n.properties && n['x-lsk-map'] !== true && !n.$ref && !n.oneOf && !n.anyOf && !n.allOf && !Array.isArray(n.type);
  if (plainObject && !isNullable(s)) return `${head}export interface ${name} ${t}\n`;
  return `${head}export type ${name} = ${t};\n`;
}
