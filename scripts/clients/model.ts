/**
 * The neutral model of an OpenAPI document that every client generator reads (see read-api.ts):
 * named types only (inline objects and enums are hoisted and named after where they occur), so
 * nominal languages (Java, Kotlin, Swift) can declare each one.
 */

export type TypeRef =
  | { kind: 'string' | 'integer' | 'long' | 'number' | 'boolean' | 'date' | 'datetime' | 'any' }
  | { kind: 'ref'; name: string }
  | { kind: 'array'; items: TypeRef }
  | { kind: 'map'; values: TypeRef };

export interface Field {
  /** The wire (JSON) name. */
  json: string;
  /** lowerCamelCase name for the language. */
  name: string;
  type: TypeRef;
  required: boolean;
  nullable: boolean;
  doc: string;
}

export interface ObjectModel {
  kind: 'object';
  name: string;
  doc: string;
  fields: Field[];
  /** Sent in a request body (itself or nested): its nullable fields can be sent as an explicit JSON null. */
  input?: boolean;
}

export interface EnumModel {
  kind: 'enum';
  name: string;
  doc: string;
  values: string[];
}

export type Model = ObjectModel | EnumModel;

/** The fields a caller can send as an explicit JSON `null` (a PATCH clears them): nullable fields of request bodies. */
export const clearable = (m: ObjectModel): Field[] => (m.input ? m.fields.filter((f) => f.nullable) : []);

export interface Param {
  /** The wire name (query name, or header name such as `Idempotency-Key`). */
  json: string;
  name: string;
  type: TypeRef;
  required: boolean;
  doc: string;
  /** Query arrays: true = `ids=a&ids=b` (OpenAPI's default), false = `ids=a,b`. */
  explode: boolean;
}

/** What a success answer carries: JSON (typed), text (CSV, SVG), bytes (PNG), or nothing (204). */
export type Result = { kind: 'none' } | { kind: 'json'; type: TypeRef; alsoRaw: string[] } | { kind: 'text' | 'binary'; contentTypes: string[] };

export type Segment = { text: string } | { param: string };

export interface Operation {
  id: string;
  method: string;
  path: string;
  segments: Segment[];
  pathParams: Param[];
  queryParams: Param[];
  headerParams: Param[];
  body: { type: TypeRef; required: boolean } | null;
  status: number;
  result: Result;
  doc: string;
}

export interface ApiModel {
  title: string;
  version: string;
  basePath: string;
  models: Model[];
  operations: Operation[];
}

/** How one language spells each kind of type. */
export interface TypeSpelling {
  scalars: Record<'string' | 'integer' | 'long' | 'number' | 'boolean' | 'date' | 'datetime' | 'any', string>;
  array(items: string): string;
  map(values: string): string;
}

export function spell(t: TypeRef, s: TypeSpelling): string {
  if (t.kind === 'ref') return t.name;
  if (t.kind === 'array') return s.array(spell(t.items, s));
  if (t.kind === 'map') return s.map(spell(t.values, s));
  return s.scalars[t.kind];
}
