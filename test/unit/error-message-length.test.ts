/**
 * An error answer is bounded (a huge invalid input must not become a huge answer), but the sentences
 * lsk writes itself are answered whole: a value outside a list names every allowed value, even the
 * longest lists (GET /v1/analytics' group_by, the audit log's actions).
 */
import { describe, expect, it } from 'vitest';
import { analyticsRestQuerySchema, GROUP_BYS } from '../../src/domain/analytics-schemas.js';
import { AUDIT_ACTION_NAMES } from '../../src/domain/audit.js';
import { auditQuerySchema } from '../../src/domain/audit-schemas.js';
import { LskError } from '../../src/domain/errors.js';
import { parseOrThrow } from '../../src/domain/validate.js';
import { envelope, MAX_PATH_CHARS, toGraphQLError } from '../../src/http/errors.js';

function refusal(run: () => unknown): LskError {
  try {
    run();
  } catch (e) {
    if (e instanceof LskError) return e;
    throw e;
  }
  throw new Error('the input was accepted');
}

describe('an error naming the allowed values', () => {
  it('lists every group_by of the analytics, in the message and its detail, on REST and GraphQL', () => {
    const err = refusal(() => parseOrThrow(analyticsRestQuerySchema, { group_by: 'language' }));
    const { error } = envelope(err, 'req-1');
    expect(error.message).toBe(`group_by must be one of: ${GROUP_BYS.join(', ')}.`);
    expect(error.details).toEqual([{ path: 'group_by', message: `must be one of: ${GROUP_BYS.join(', ')}` }]);
    const gql = toGraphQLError(err);
    expect(gql.message).toBe(error.message);
    expect(gql.extensions.details).toEqual(error.details);
  });

  it('lists every audit action, the longest such list', () => {
    const { error } = envelope(
      refusal(() => parseOrThrow(auditQuerySchema, { action: 'link.exploded' })),
      'req-2',
    );
    expect(error.details?.[0]?.message).toBe(`must be one of: ${AUDIT_ACTION_NAMES.join(', ')}`);
  });

  it('still bounds a message that repeats what the caller sent', () => {
    const { error } = envelope(LskError.validation([{ path: 'x'.repeat(100_000), message: 'is not a known query parameter' }]), 'req-3');
    expect(error.message.length).toBeLessThanOrEqual(400);
    expect(error.details?.[0]?.path.length).toBeLessThanOrEqual(MAX_PATH_CHARS);
    expect(error.details?.[0]?.path.endsWith('…')).toBe(true);
  });
});
