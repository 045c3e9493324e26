/**
 * JSON Schema (OpenAPI 3.0 and 3.1 flavours) -> TypeRef. Inline objects and string enums become
 * named models (`Link.device_targeting` -> `LinkDeviceTargeting`, array items -> `…Item`); a `oneOf`
 * or `anyOf` of objects becomes one model holding every member's fields (all optional: the bulk
 * `{link} | {error}` item reads as `item.link` or `item.error`); `null` members, `nullable` and
 * `type: [T, "null"]` mean nullable; anything a nominal language cannot express is `any`.
 */
import type { Field, Model, ObjectModel, TypeRef } from './model.js';
import { camel, modelName, pascal } from './names.js';

export type Schema = Record<string, any>;

export const refName = (ref: string): string => {
  const m = /^#\/components\/schemas\/(.+)$/.exec(ref);
  if (!m) throw new Error(`unsupported $ref ${ref}`);
  return modelName(m[1]!);
};

const isNullSchema = (s: Schema): boolean => s.type === 'null' || (Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null);

/** Whether a schema admits null (3.0 `nullable`, 3.1 `type: [.., "null"]`, a null member of oneOf/anyOf). */
export function isNullable(s: Schema | undefined): boolean {
  if (!s) return false;
  if (s.nullable === true) return true;
  if (Array.isArray(s.type) && s.type.includes('null')) return true;
  if (Array.isArray(s.enum) && s.enum.includes(null)) return true;
  const alts = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  return !!alts?.some((a) => isNullSchema(a) || a.nullable === true);
}

/** The schema without its null parts: `{type: [string, null]}` -> `{type: string}`, `anyOf [X, null]` -> X. */
export function nonNull(s: Schema): Schema {
  let out = s;
  if (Array.isArray(s.type)) {
    const types = s.type.filter((t: string) => t !== 'null');
    out = { ...s, type: types.length === 1 ? types[0] : types };
  }
  if (Array.isArray(out.enum) && out.enum.includes(null)) out = { ...out, enum: out.enum.filter((v: unknown) => v !== null) };
  for (const k of ['oneOf', 'anyOf'] as const) {
    const alts = out[k] as Schema[] | undefined;
    if (!alts) continue;
    const rest = alts.filter((a) => !isNullSchema(a));
    if (rest.length === 1) {
      const { [k]: _drop, ...others } = out;
      return nonNull({ ...others, ...rest[0] });
    }
    out = { ...out, [k]: rest };
  }
  return out;
}

export class TypeRegistry {
  readonly models = new Map<string, Model>();
  private readonly signatures = new Map<string, string>();
  private readonly components_ = new Map<string, TypeRef>();

  constructor(private readonly components: Record<string, Schema>) {}

  /** Register a model under `name`, or reuse an identical one; a different one gets a numbered name. */
  add(model: Model): string {
    const sig = JSON.stringify({ ...model, name: '' });
    for (let i = 1; ; i++) {
      const name = i === 1 ? model.name : `${model.name}${i}`;
      const had = this.signatures.get(name);
      if (had === undefined) {
        this.signatures.set(name, sig);
        this.models.set(name, { ...model, name });
        return name;
      }
      if (had === sig) return name;
    }
  }

  /** The type of `schema`, found at `where` (the name given to it if it must be hoisted). */
  typeOf(schema: Schema | undefined, where: string): TypeRef {
    if (!schema) return { kind: 'any' };
    const s = nonNull(schema);
    if (s.$ref) return this.component(s.$ref);
    if (Array.isArray(s.allOf)) return this.allOf(s, where);
    if (Array.isArray(s.oneOf) || Array.isArray(s.anyOf)) return this.union(s, where);
    if (s.const !== undefined) return this.typeOf({ ...s, const: undefined, enum: [s.const] }, where);
    // A map documented by its possible keys (x-lsk-map, e.g. country code -> URL): the keys are data.
    if (s['x-lsk-map'] === true) return { kind: 'map', values: this.typeOf(Object.values((s.properties ?? {}) as Record<string, Schema>)[0], `${where}Value`) };
    if (Array.isArray(s.enum) && s.enum.length > 0 && s.enum.every((v: unknown) => typeof v === 'string')) {
      return { kind: 'ref', name: this.namedEnum(s.enum) ?? this.add({ kind: 'enum', name: where, doc: s.description ?? '', values: s.enum }) };
    }
    const type = Array.isArray(s.type) ? (s.type.length === 1 ? s.type[0] : undefined) : s.type;
    switch (type) {
      case 'string':
        return { kind: s.format === 'date-time' ? 'datetime' : s.format === 'date' ? 'date' : 'string' };
      case 'integer':
        return { kind: s.format === 'int64' ? 'long' : 'integer' };
      case 'number':
        return { kind: 'number' };
      case 'boolean':
        return { kind: 'boolean' };
      case 'array':
        return { kind: 'array', items: this.typeOf(s.items, `${where}Item`) };
      case 'object':
      case undefined:
        if (type === undefined && !s.properties && !s.additionalProperties) return { kind: 'any' };
        if (s.properties && Object.keys(s.properties).length > 0) return { kind: 'ref', name: this.add(this.objectModel(where, s)) };
        return { kind: 'map', values: typeof s.additionalProperties === 'object' ? this.typeOf(s.additionalProperties, `${where}Value`) : { kind: 'any' } };
      default:
        return { kind: 'any' };
    }
  }

  /**
   * The type a component stands for: a model of its own name (objects, enums, unions of objects), or
   * the plain type of an alias (`Id: {type: string}`). Resolved once; a cycle sees the model name.
   */
  component(ref: string): TypeRef {
    const key = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
    if (!key || !(key in this.components)) throw new Error(`unsupported $ref ${ref}`);
    const hit = this.components_.get(key);
    if (hit) return hit;
    const name = modelName(key);
    this.components_.set(key, { kind: 'ref', name });
    const t = this.typeOf(this.components[key], name);
    this.components_.set(key, t);
    return t;
  }

  /** A component enum with exactly these values (an inline copy of `Plan` is `Plan`), if there is one. */
  private namedEnum(values: string[]): string | undefined {
    for (const [key, c] of Object.entries(this.components)) {
      if (c.type === 'string' && JSON.stringify(c.enum) === JSON.stringify(values) && this.models.has(modelName(key))) return modelName(key);
    }
    return undefined;
  }

  /** An object schema's model (fields typed, nested shapes hoisted under `name`). */
  objectModel(name: string, s: Schema, forceOptional = false): ObjectModel {
    const required = new Set<string>(forceOptional ? [] : (s.required ?? []));
    const fields: Field[] = Object.entries((s.properties ?? {}) as Record<string, Schema>).map(([json, prop]) => ({
      json,
      name: camel(json),
      type: this.typeOf(prop, `${name}${pascal(json)}`),
      required: required.has(json),
      nullable: isNullable(prop),
      doc: [prop.description ?? '', Array.isArray(prop.enum) ? `One of: ${prop.enum.filter((v: unknown) => v !== null).join(', ')}.` : '']
        .filter(Boolean)
        .join(' '),
    }));
    return { kind: 'object', name, doc: s.description ?? '', fields };
  }

  /** The object schema a member stands for (a `$ref` to a component object, or inline), else null. */
  private objectOf(member: Schema): Schema | null {
    const m = nonNull(member);
    if (m.$ref) {
      const key = /^#\/components\/schemas\/(.+)$/.exec(m.$ref)?.[1];
      const target = key ? this.components[key] : undefined;
      return target && (target.properties || target.type === 'object') ? target : null;
    }
    return m.properties || m.type === 'object' ? m : null;
  }

  /** The schemas of members with their hoisting prefix (a component's own name, so its nested types are reused). */
  private members(list: Schema[], where: string): { schema: Schema; prefix: string }[] | null {
    const out: { schema: Schema; prefix: string }[] = [];
    for (const m of list) {
      const o = this.objectOf(m);
      if (!o) return null;
      const key = nonNull(m).$ref ? /^#\/components\/schemas\/(.+)$/.exec(nonNull(m).$ref)?.[1] : undefined;
      out.push({ schema: o, prefix: key ? modelName(key) : where });
    }
    return out;
  }

  /** One model with the fields of every member (all optional for a union). */
  private merged(where: string, list: { schema: Schema; prefix: string }[], union: boolean, doc: string): TypeRef {
    const fields = new Map<string, Field>();
    for (const { schema, prefix } of list) for (const f of this.objectModel(prefix, schema, union).fields) fields.set(f.json, f);
    return { kind: 'ref', name: this.add({ kind: 'object', name: where, doc, fields: [...fields.values()] }) };
  }

  private allOf(s: Schema, where: string): TypeRef {
    const { allOf, ...rest } = s;
    const all = (allOf as Schema[]).concat(rest.properties ? [rest] : []);
    if (all.length === 1) return this.typeOf({ ...rest, ...all[0] }, where);
    const list = this.members(all, where);
    return list ? this.merged(where, list, false, s.description ?? '') : { kind: 'any' };
  }

  private union(s: Schema, where: string): TypeRef {
    const alts = (s.oneOf ?? s.anyOf) as Schema[];
    const list = this.members(alts, where);
    if (list) {
      const names = alts.map((m) => (m.$ref ? refName(m.$ref) : `{${Object.keys(nonNull(m).properties ?? {}).join(', ')}}`));
      return this.merged(
        where,
        list,
        true,
        [s.description ?? '', `One of: ${names.join(' | ')} (the fields of every member, each optional).`].filter(Boolean).join(' '),
      );
    }
    const plain = alts.map((m) => nonNull(m));
    if (plain.every((m) => m.type === 'string' || (Array.isArray(m.enum) && m.enum.every((v: unknown) => typeof v === 'string')))) return { kind: 'string' };
    return { kind: 'any' };
  }
}
