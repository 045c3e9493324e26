import type { z } from 'zod';

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  record: 'an object',
};

function count(n: number | bigint, unit: string): string {
  return `${n} ${unit}${Number(n) === 1 ? '' : 's'}`;
}

function bound(origin: string, n: number | bigint, least: boolean): string {
  const edge = least ? 'at least' : 'at most';
  if (origin === 'string') return least && Number(n) === 1 ? 'must not be empty' : `must be ${edge} ${count(n, 'character')}`;
  if (origin === 'array' || origin === 'set') return `must have ${edge} ${count(n, 'item')}`;
  return `must be ${edge} ${n}`;
}

/**
 * A sentence for each of zod's built-in issues, phrased for the `details` entry that names the field
 * ("destination": "is required"). Custom checks carry their own sentences.
 */
export function humanMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      if (issue.input === null) return 'must not be null';
      return `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_small':
      return bound(issue.origin, issue.minimum, true);
    case 'too_big':
      return bound(issue.origin, issue.maximum, false);
    case 'invalid_value':
      return `must be one of: ${issue.values.map((v) => String(v)).join(', ')}`;
    case 'unrecognized_keys':
      return 'is not a known field';
    case 'invalid_format':
      return 'is not in the expected format';
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return 'is not valid';
    default:
      return undefined;
  }
}
