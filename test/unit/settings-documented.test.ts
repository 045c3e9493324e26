import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTING_NAMES } from '../../src/config/env.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const start = readme.indexOf('\n## Configuration');
const table = readme.slice(start, readme.indexOf('\n## ', start + 1));

describe('settings', () => {
  it('are all in the README configuration table', () => {
    expect(SETTING_NAMES.length).toBeGreaterThan(15);
    const missing = SETTING_NAMES.filter((name) => !new RegExp(`^\\|[^\\n]*\`${name}\``, 'm').test(table));
    expect(missing).toEqual([]);
  });

  it('the table names no variable lsk does not read', () => {
    const documented = [...table.matchAll(/`((?:LSK_|PORT|HOST|DATABASE_URL|LOG_LEVEL)[A-Z_]*)`/g)].map((m) => m[1]!);
    expect(documented.filter((name) => !SETTING_NAMES.includes(name))).toEqual([]);
  });
});
