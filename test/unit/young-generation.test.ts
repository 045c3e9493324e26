import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { semiSpaceRestartArgs } from '../../src/startup/young-generation.js';

describe('LSK_SEMI_SPACE_MB', () => {
  it('defaults to 16 MB; 0 keeps V8 sizing; anything else than a whole number up to 1024 is refused', () => {
    expect(loadConfig({}).semiSpaceMb).toBe(16);
    expect(loadConfig({ LSK_SEMI_SPACE_MB: '0' }).semiSpaceMb).toBe(0);
    expect(loadConfig({ LSK_SEMI_SPACE_MB: '32' }).semiSpaceMb).toBe(32);
    for (const bad of ['-1', '8.5', '8MB', '1025'])
      expect(() => loadConfig({ LSK_SEMI_SPACE_MB: bad }), bad).toThrow(/^invalid configuration: LSK_SEMI_SPACE_MB: must be/);
  });

  it('restarts node with the flag before its own arguments, keeping them', () => {
    expect(semiSpaceRestartArgs([], undefined, 8)).toEqual(['--max-semi-space-size=8']);
    expect(semiSpaceRestartArgs(['--require', './bin/node-check.cjs'], '', 16)).toEqual(['--max-semi-space-size=16', '--require', './bin/node-check.cjs']);
  });

  it('does not restart when no cap is asked or node was given the flag (command line or NODE_OPTIONS, dashes or underscores)', () => {
    expect(semiSpaceRestartArgs([], undefined, 0)).toBeNull();
    expect(semiSpaceRestartArgs(['--max-semi-space-size=8'], undefined, 8)).toBeNull();
    expect(semiSpaceRestartArgs(['--max-semi-space-size=32'], undefined, 8)).toBeNull();
    expect(semiSpaceRestartArgs(['--max_semi_space_size=4'], undefined, 8)).toBeNull();
    expect(semiSpaceRestartArgs([], '--enable-source-maps --max-semi-space-size=2', 8)).toBeNull();
    expect(semiSpaceRestartArgs(['--max-old-space-size=512'], '--max-old-space-size=512', 8)).toEqual(['--max-semi-space-size=8', '--max-old-space-size=512']);
  });
});
