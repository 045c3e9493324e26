/**
 * A vitest sequencer that starts the files known to take minutes first (the slowest-files table at
 * the end of every run names them), so they run beside the short ones instead of after them: a run
 * that starts its longest file last ends that file's length after everything else. The rest keep
 * vitest's own order.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Longest first, as measured on a two-core machine (.ci/run of 2026-11-28, 21:07 UTC); a file missing here only starts later. */
export const LONG_FILES = [
  'test/e2e/schemathesis.test.ts',
  'test/e2e/docker-install.test.ts',
  'test/e2e/readme-blocks.test.ts',
  'test/e2e/cli-import-sources.test.ts',
  'test/e2e/dashboard-analytics.test.ts',
  'test/e2e/cli-operator.test.ts',
  'test/api/export-loop.api.test.ts',
  'test/e2e/dashboard-owner.test.ts',
  'test/e2e/sdk-jvm.test.ts',
  'test/e2e/startup.test.ts',
  'test/contract/clicks.contract.test.ts',
  'test/api/health.api.test.ts',
  'test/api/export.api.test.ts',
  'test/e2e/cli-links.test.ts',
  'test/contract/counters.contract.test.ts',
  'test/e2e/cli.test.ts',
  'test/api/abuse-moderation.api.test.ts',
  'test/e2e/cli-import.test.ts',
  'test/e2e/sdk-package.test.ts',
  'test/e2e/sdk-generators.test.ts',
];

export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const i = LONG_FILES.findIndex((f) => spec.moduleId.endsWith(f));
      return i === -1 ? LONG_FILES.length : i;
    };
    return base
      .map((spec, i) => ({ spec, i, rank: rank(spec) }))
      .sort((a, b) => a.rank - b.rank || a.i - b.i)
      .map((x) => x.spec);
  }
}
