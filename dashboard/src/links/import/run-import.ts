/** Sending an import: the good rows through createLinks, BULK_MAX a call, each row succeeding or failing alone. */

import { gql, present } from '../../api/graphql';
import { asApiError } from '../../ui/use-query';
import { BULK_MAX, CreateLinksMutation, itemProblem } from '../bulk-documents';
import { type Failure, INVALID_ROW } from './failures-csv';
import { hashedImportKey } from './import-key';
import type { PlannedRow } from './plan';

export type { Failure } from './failures-csv';

export interface Run {
  total: number;
  sent: number;
  created: number;
  failed: Failure[];
  finished: boolean;
}

/** Runs the import, reporting after each call; the rows that cannot be sent fail first, by their line. */
export async function importRows(rows: readonly PlannedRow[], progress: (r: Run) => void): Promise<void> {
  const run: Run = { total: rows.length, sent: 0, created: 0, failed: [], finished: false };
  const good: { line: number; body: Record<string, unknown> }[] = [];
  for (const r of rows) {
    if ('problem' in r) run.failed.push({ line: r.line, code: INVALID_ROW, problem: r.problem });
    else if ('keySeed' in r) {
      const key = await hashedImportKey(r.keySeed);
      good.push({ line: r.line, body: key ? { ...r.body, external_id: key } : r.body });
    } else good.push(r);
  }
  run.sent = run.failed.length;
  progress({ ...run, failed: [...run.failed] });
  for (let i = 0; i < good.length; i += BULK_MAX) {
    const chunk = good.slice(i, i + BULK_MAX);
    try {
      const res = present((await gql(CreateLinksMutation, { links: chunk.map((r) => r.body) })).createLinks, 'result');
      res.data.forEach((item, j) => {
        if (item.error) run.failed.push({ line: chunk[j]!.line, code: item.error.code, problem: itemProblem(item.error) });
        else run.created++;
      });
    } catch (e) {
      const err = asApiError(e);
      for (const r of chunk) run.failed.push({ line: r.line, code: err.code, problem: err.message });
    }
    run.sent += chunk.length;
    progress({ ...run, failed: [...run.failed] });
  }
  run.failed.sort((a, b) => a.line - b.line);
  progress({ ...run, failed: [...run.failed], finished: true });
}
