/**
 * What every `lsk` process loads before it knows its command (docs/adr/0232): the modules reached by
 * static imports from src/cli/lsk.ts, as tsc emits them (type-only imports elided). `lsk --help`, a
 * usage error and the command table must not load the settings' schema (zod), a store, the services
 * or any command's libraries: those are imported when the command that needs them runs.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closure, SRC } from '../support/static-imports.js';

describe('the modules every lsk command loads before it runs', () => {
  const { files, packages } = closure(join(SRC, 'cli/lsk.ts'));

  it('reach the whole command table (every command is listed by lsk --help)', () => {
    for (const noun of ['workspace', 'key', 'domain', 'links', 'import', 'user', 'moderation', 'report', 'blocklist', 'backup', 'mcp']) {
      expect(files).toContain(`cli/${noun}.ts`);
    }
  });

  it('load no package: not zod, no store driver, no CSV parser', () => {
    expect([...packages]).toEqual([]);
  });

  it('load neither the settings nor the services nor a store', () => {
    const heavy = [...files].filter(
      (f) => /^(config\/env|services\/|storage\/|startup\/settings|import\/run|csv\/link-import)/.test(f) || f.endsWith('-schemas.ts'),
    );
    expect(heavy).toEqual([]);
  });
});
