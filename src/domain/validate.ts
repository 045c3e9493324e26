import type { z } from 'zod';
import { type ErrorDetail, LskError } from './errors.js';

/** Keys that name parts of JavaScript's object model; refused by name in every object input. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** The detail of such a key (its path names it). */
export const RESERVED_KEY_MESSAGE = 'is a reserved name and cannot be used as a key';

function issuePath(path: readonly PropertyKey[]): string {
  return path.map((p) => String(p)).join('.');
}

/**
 * zod issues -> the contract's details: every problem, with its field path. `at` names the value
 * itself (a parameter such as `host`) when it is not a field of a body; otherwise it is "(body)".
 */
export function issuesToDetails(issues: readonly z.core.$ZodIssue[], at?: string): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const prefix = at === undefined ? [] : [at];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const message = RESERVED_KEYS.has(key) ? RESERVED_KEY_MESSAGE : issue.message;
        details.push({ path: issuePath([...prefix, ...issue.path, key]), message });
      }
      continue;
    }
    details.push({ path: issuePath([...prefix, ...issue.path]) || '(body)', message: issue.message });
  }
  return details;
}

/** Objects parsed by `parseOnce`, with the schema that parsed them. */
const PARSED = new WeakMap<object, z.ZodType>();

/** Parse with a zod schema or throw validation_failed listing every problem (`at`: see issuesToDetails). */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, at?: string): z.output<S> {
  // What parseOnce made of this very schema is taken as it is: it was checked once already.
  if (typeof input === 'object' && input !== null && PARSED.get(input) === schema) return input as z.output<S>;
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw LskError.validation(issuesToDetails(result.error.issues, at));
}

/**
 * parseOrThrow, remembering that the (object) result is `schema`'s output, so that a later
 * parseOrThrow with the same schema takes it as it is. The REST edge parses a body once this way
 * and hands the result through the resolver to the service, which then does not parse it again.
 * The result must not be changed in between.
 */
export function parseOnce<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const out = parseOrThrow(schema, input);
  if (typeof out === 'object' && out !== null) PARSED.set(out, schema);
  return out;
}
