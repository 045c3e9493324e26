import { Kind, type ValueNode } from 'graphql';
import { isoTime } from '../../domain/iso-time.js';
import { builder } from '../builder.js';

/** An AST literal to a plain value, resolving variables; no coercion (zod validates it next). */
export function literalValue(ast: ValueNode, variables: Record<string, unknown> | null | undefined): unknown {
  switch (ast.kind) {
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((f) => [f.name.value, literalValue(f.value, variables)]));
    case Kind.LIST:
      return ast.values.map((v) => literalValue(v, variables));
    case Kind.STRING:
    case Kind.ENUM:
      return ast.value;
    case Kind.INT:
      return Number.parseInt(ast.value, 10);
    case Kind.FLOAT:
      return Number.parseFloat(ast.value);
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.NULL:
      return null;
    case Kind.VARIABLE:
      return variables?.[ast.name.value];
  }
}

/** A key-to-URL map scalar (zod validates it in the resolver's service), as a variable or an inline object literal. */
export function urlMapScalar(name: 'GeoTargeting' | 'DeviceTargeting', description: string) {
  return builder.scalarType(name, {
    description: `${description} Accepted as a variable or an inline object literal.`,
    serialize: (v) => v as Record<string, string>,
    parseValue: (v) => v,
    parseLiteral: (ast, variables) => literalValue(ast, variables),
  });
}

export const GeoTargetingScalar = urlMapScalar(
  'GeoTargeting',
  'Country-to-URL map: keys are ISO 3166-1 alpha-2 codes in upper case, values absolute http(s) URLs, e.g. {"DE": "https://example.de/"}.',
);

const ISO_WITH_OFFSET = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,9})?)?(Z|[+-]\d\d:\d\d)$/;

function toDate(v: unknown): Date {
  if (typeof v !== 'string' || !ISO_WITH_OFFSET.test(v) || Number.isNaN(Date.parse(v))) {
    throw new TypeError('must be an ISO 8601 date-time with an offset, e.g. 2026-11-21T10:15:00.123Z');
  }
  return new Date(v);
}

/** Every time of the schema: on the wire the ISO 8601 UTC string with milliseconds REST has always sent. */
export const DateTimeScalar = builder.scalarType('DateTime', {
  description: 'An ISO 8601 UTC date-time with milliseconds, e.g. 2026-11-21T10:15:00.123Z (as input, any offset).',
  serialize: (v) => isoTime(v instanceof Date ? v : toDate(v)),
  parseValue: toDate,
  parseLiteral: (ast) => toDate(ast.kind === Kind.STRING ? ast.value : undefined),
});
