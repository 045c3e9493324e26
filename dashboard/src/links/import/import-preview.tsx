import { ListTable } from '../../ui/list-table';
import type { ImportRow } from './link-csv';
import { previewRows } from './plan';

const SHOWN = 5;

/** The first rows as they will be created, and how many rows of the file will not be sent (and why, by line). */
export function ImportPreview({ rows }: { rows: readonly ImportRow[] }) {
  const bad = rows.filter((r) => 'problem' in r);
  return (
    <section aria-labelledby="preview-h" class="import-preview">
      <h2 id="preview-h">Preview</h2>
      <p role="status">
        {rows.length} row{rows.length === 1 ? '' : 's'}: {rows.length - bad.length} to create, {bad.length} with a problem
        {rows.length > SHOWN ? `; the first ${SHOWN} shown` : ''}.
      </p>
      <ListTable
        rows={previewRows(rows, SHOWN)}
        rowKey={(r) => String(r.line)}
        caption="The first rows as they will be created"
        scroll
        columns={[
          { header: 'Line', num: true, cell: (r) => r.line },
          { header: 'Destination', class: 'break', cell: (r) => r.destination || '—' },
          { header: 'Short link', cell: (r) => r.shortLink || '—' },
          { header: 'Title', cell: (r) => r.title },
          { header: 'Tags', cell: (r) => r.tags },
          { header: 'Problem', class: 'break', cell: (r) => (r.problem ? <span class="field-error">{r.problem}</span> : 'none') },
        ]}
      />
    </section>
  );
}
