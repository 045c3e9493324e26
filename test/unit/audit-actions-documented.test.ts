/** docs/audit.md lists every action the audit log can record, and nothing else. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS } from '../../src/domain/audit.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('the audit actions', () => {
  const doc = readFileSync(join(ROOT, 'docs/audit.md'), 'utf8');
  const table = doc.slice(doc.indexOf('## What is recorded'), doc.indexOf('## Reading it'));
  const documented = new Set([...table.matchAll(/`([a-z_]+\.[a-z_]+)`/g)].map((m) => m[1]!));

  it('are all in the table of docs/audit.md', () => {
    expect(AUDIT_ACTION_NAMES.filter((a) => !documented.has(a))).toEqual([]);
  });

  it('are the only actions the table names', () => {
    expect([...documented].filter((a) => !Object.hasOwn(AUDIT_ACTIONS, a))).toEqual([]);
  });
});
