import { href } from '../../router';
import { saveBlob } from '../../ui/download';
import { ListTable } from '../../ui/list-table';
import { failuresCsv } from './failures-csv';
import type { Run } from './run-import';

/** The run: progress by rows sent, the count created and failed, the failed rows (listed and as a CSV download). */
export function ImportReport({ run, fileName, onReset }: { run: Run; fileName: string; onReset: () => void }) {
  const download = () => saveBlob(new Blob([failuresCsv(run.failed)], { type: 'text/csv' }), `${fileName.replace(/\.[^.]*$/, '')}-failed-rows.csv`);
  return (
    <section aria-labelledby="import-h" class="card">
      <h2 id="import-h">{run.finished ? 'Import finished' : 'Importing…'}</h2>
      <label for="import-progress">Rows sent</label>
      <progress id="import-progress" max={run.total} value={run.sent} />
      <p aria-live="polite" role="status">
        {run.sent} of {run.total} rows sent: <strong>{run.created} created</strong>, {run.failed.length} failed.
        {run.finished && run.created > 0 ? (
          <>
            {' '}
            <a href={href('/links')}>See the links</a>.
          </>
        ) : null}
      </p>
      {run.finished ? (
        <div class="actions">
          {run.failed.length ? (
            <button type="button" onClick={download}>
              Download failed rows (CSV)
            </button>
          ) : null}
          <button type="button" onClick={onReset}>
            Start another import
          </button>
        </div>
      ) : null}
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
