import { useState } from 'preact/hooks';
import { gql, present } from '../../api/graphql';
import { useCan } from '../../auth/session-context';
import { href } from '../../router';
import { describedBy, Field } from '../../ui/field';
import { ListTable } from '../../ui/list-table';
import { asApiError } from '../../ui/use-query';
import { BULK_MAX, CreateLinksMutation, itemProblem } from '../bulk-documents';
import { ExportButton } from '../export-button';
import { CsvFileError, type ImportRow, readLinkCsv } from './link-csv';

interface Failure {
  line: number;
  code: string;
  problem: string;
}

interface Run {
  total: number;
  sent: number;
  created: number;
  failed: Failure[];
  finished: boolean;
}

const HINT =
  'The columns of the export: destination required; domain, alias, title, tags (joined with |) and the others optional. Export a file to see them all.';

/** Sends the good rows through createLinks, BULK_MAX a call; each row succeeds or fails alone. */
async function importRows(rows: ImportRow[], progress: (r: Run) => void): Promise<void> {
  const run: Run = { total: rows.length, sent: 0, created: 0, failed: [], finished: false };
  const good: { line: number; body: Record<string, unknown> }[] = [];
  for (const r of rows) {
    if ('problem' in r) run.failed.push({ line: r.line, code: 'invalid_row', problem: r.problem });
    else good.push(r);
  }
  run.sent = run.failed.length;
  progress({ ...run });
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
  progress({ ...run, finished: true });
}

function Report({ run }: { run: Run }) {
  return (
    <section aria-labelledby="import-h" class="card">
      <h2 id="import-h">{run.finished ? 'Import finished' : 'Importing…'}</h2>
      <progress max={run.total} value={run.sent} aria-label="Rows sent" />
      <p aria-live="polite" role="status">
        {run.sent} of {run.total} rows sent: <strong>{run.created} created</strong>, {run.failed.length} failed.
        {run.finished && run.created > 0 ? (
          <>
            {' '}
            <a href={href('/links')}>See the links</a>.
          </>
        ) : null}
      </p>
      {run.failed.length ? (
        <ListTable
          rows={run.failed}
          rowKey={(f) => `${f.line}-${f.code}`}
          caption="Rows that failed"
          scroll
          columns={[
            { header: 'Line', num: true, cell: (f) => f.line },
            {
              header: 'Problem',
              class: 'break',
              cell: (f) => (
                <>
                  {f.problem}
                  <div>
                    <code class="muted">{f.code}</code>
                  </div>
                </>
              ),
            },
          ]}
        />
      ) : null}
    </section>
  );
}

export function ImportPage() {
  const can = useCan();
  const [file, setFile] = useState<{ name: string; rows: ImportRow[] } | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [run, setRun] = useState<Run | null>(null);
  if (!can.writeLinks) {
    return (
      <section>
        <h1>Read only</h1>
        <p>Your role in this workspace can read links but not create them.</p>
      </section>
    );
  }
  const pick = async (e: Event) => {
    const f = (e.currentTarget as HTMLInputElement).files?.[0];
    setFile(null);
    setRun(null);
    setFileError(undefined);
    if (!f) return;
    try {
      const rows = readLinkCsv(await f.text());
      if (rows.length === 0) setFileError('The file has a header but no rows.');
      else setFile({ name: f.name, rows });
    } catch (err) {
      setFileError(err instanceof CsvFileError ? `This file cannot be imported: ${err.message}.` : String(err));
    }
  };
  const start = (e: Event) => {
    e.preventDefault();
    if (file) void importRows(file.rows, setRun);
  };
  const busy = run !== null && !run.finished;
  return (
    <section>
      <p class="crumbs">
        <a href={href('/links')}>Links</a> /
      </p>
      <div class="page-head">
        <h1>Import links</h1>
        <ExportButton />
      </div>
      <form class="card form" onSubmit={start}>
        <Field id="csv-file" label="CSV file" hint={HINT} error={fileError}>
          <input {...describedBy('csv-file', HINT, fileError)} type="file" accept=".csv,text/csv" onChange={pick} disabled={busy} />
        </Field>
        {file ? (
          <p>
            <strong>{file.name}</strong>: {file.rows.length} row{file.rows.length === 1 ? '' : 's'}, sent {BULK_MAX} per call.
          </p>
        ) : null}
        <div class="form-actions">
          <button type="submit" class="primary" disabled={!file || busy}>
            {busy ? 'Importing…' : file ? `Import ${file.rows.length} link${file.rows.length === 1 ? '' : 's'}` : 'Import'}
          </button>
        </div>
      </form>
      {run ? <Report run={run} /> : null}
    </section>
  );
}
