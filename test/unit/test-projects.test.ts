/**
 * Every test file runs: vitest.config.ts assigns a file to a project by its folder
 * (test/<kind>/**), so a test file anywhere else would belong to no project and never run.
 */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TEST_KINDS } from '../../vitest.config.js';

const TEST_ROOT = fileURLToPath(new URL('..', import.meta.url));

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : testFiles(path);
    return e.name.endsWith('.test.ts') ? [relative(TEST_ROOT, path)] : [];
  });
}

describe('the vitest projects', () => {
  it('cover every test file: each sits in the folder of one project', () => {
    const files = testFiles(TEST_ROOT);
    expect(files.length).toBeGreaterThan(50);
    const kinds: readonly string[] = TEST_KINDS;
    expect(files.filter((f) => !kinds.includes(f.split(sep)[0]!))).toEqual([]);
  });
});
