import type { z } from 'zod';
import { type ErrorDetail, LskError } from './errors.js';

function issuePath(path: readonly PropertyKey[]): string {
  return path.map((p) => String(p)).join('.');
}

/** zod issues -> the contract's details: every problem, with its field path. */
export function issuesToDetails(issues: readonly z.core.$ZodIssue[]): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        details.push({ path: issuePath([...issue.path, key]), message: 'unknown field' });
      }
      continue;
    }
    details.push({ path: issuePath(issue.path) || '(body)', message: issue.message });
  }
  return details;
}

/** Parse with a zod schema or throw validation_failed listing every problem. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw LskError.validation(issuesToDetails(result.error.issues));
}
