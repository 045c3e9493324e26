/**
 * A vitest reporter that ends every run with its slowest test files (time in tests and hooks), so
 * a run that grows slow says where the time went, in CI output as on a terminal.
 */
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 15;

export default class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (testModules.length < 2) return;
    const rows = testModules.map((m) => ({ seconds: m.diagnostic().duration / 1000, file: m.relativeModuleId })).sort((a, b) => b.seconds - a.seconds);
    const total = rows.reduce((sum, r) => sum + r.seconds, 0);
    const lines = rows.slice(0, SHOWN).map((r) => `  ${r.seconds.toFixed(1).padStart(7)} s  ${r.file}`);
    console.log(`\nslowest test files (of ${rows.length}, ${total.toFixed(0)} s in all):\n${lines.join('\n')}\n`);
  }
}
