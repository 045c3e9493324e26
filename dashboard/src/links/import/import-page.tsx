import { useMemo, useState } from 'preact/hooks';
import { useCan } from '../../auth/session-context';
import { href, navigate, useLocation } from '../../router';
import { describedBy, Field } from '../../ui/field';
import { BULK_MAX } from '../bulk-documents';
import { ExportButton } from '../export-button';
import { type ColumnMapping, guessMapping } from './column-mapping';
import { ImportPreview } from './import-preview';
import { ImportReport } from './import-report';
import { CsvFileError, readLinkCsv } from './link-csv';
import { MappingForm } from './mapping-form';
import { type LoadedFile, planRows } from './plan';
import { importRows, type Run } from './run-import';
import { choiceOf, readCsvFile, readSourceFile, SOURCE_CHOICES, type SourceChoice } from './source-files';

/** The file read as its source writes it; CsvFileError when it cannot be imported at all. */
function load(choice: SourceChoice, name: string, text: string): LoadedFile {
  if (choice.id === 'lsk') return { source: 'lsk', name, rows: readLinkCsv(text) };
  if (choice.id === 'other') return { source: 'other', name, csv: readCsvFile(text) };
  return { source: choice.id, name, records: readSourceFile(choice.id, text) };
}

export function ImportPage() {
  const can = useCan();
  const { search } = useLocation();
  const choice = choiceOf(search.get('source'));
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [run, setRun] = useState<Run | null>(null);
  // A new key empties the file input (a new import starts from nothing).
  const [inputKey, setInputKey] = useState(0);
  const rows = useMemo(() => (file ? planRows(file, mapping) : []), [file, mapping]);
  if (!can.writeLinks) {
    return (
      <section>
        <h1>Read only</h1>
        <p>Your role in this workspace can read links but not create them.</p>
      </section>
    );
  }
  const reset = () => {
    setFile(null);
    setMapping(null);
    setRun(null);
    setFileError(undefined);
    setInputKey((k) => k + 1);
  };
  const pickSource = (id: string) => {
    reset();
    navigate(`/links/import${id === 'lsk' ? '' : `?source=${id}`}`, true, true);
  };
  const pick = async (e: Event) => {
    const f = (e.currentTarget as HTMLInputElement).files?.[0];
    setFile(null);
    setRun(null);
    setFileError(undefined);
    if (!f) return;
    try {
      const loaded = load(choice, f.name, await f.text());
      const count = loaded.source === 'lsk' ? loaded.rows.length : loaded.source === 'other' ? loaded.csv.records.length : loaded.records.length;
      if (count === 0) return setFileError('The file has no rows.');
      setMapping(loaded.source === 'other' ? guessMapping(loaded.csv.keys) : null);
      setFile(loaded);
    } catch (err) {
      setFileError(err instanceof CsvFileError ? `This file cannot be imported: ${err.message}.` : String(err));
    }
  };
  const start = (e: Event) => {
    e.preventDefault();
    if (file && !run) void importRows(rows, setRun);
  };
  const busy = run !== null && !run.finished;
  const unmapped = file?.source === 'other' && mapping?.destination === null;
  const fileLabel = choice.kind === 'json' ? 'JSON file' : 'CSV file';
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
        <div class="field">
          <label for="import-source">Exported from</label>
          <select id="import-source" value={choice.id} disabled={run !== null} onChange={(e) => pickSource(e.currentTarget.value)}>
            {SOURCE_CHOICES.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <Field id="import-file" label={fileLabel} hint={choice.hint} error={fileError}>
          <input
            key={`${choice.id}-${inputKey}`}
            {...describedBy('import-file', choice.hint, fileError)}
            type="file"
            accept={choice.kind === 'json' ? '.json,application/json' : '.csv,text/csv'}
            onChange={pick}
            disabled={run !== null}
          />
        </Field>
        {file?.source === 'other' && mapping ? <MappingForm header={file.csv.header} mapping={mapping} onChange={setMapping} disabled={run !== null} /> : null}
        {file ? (
          <p>
            <strong>{file.name}</strong>: {rows.length} row{rows.length === 1 ? '' : 's'}, sent {BULK_MAX} per call.
          </p>
        ) : null}
        {file && !run ? <ImportPreview rows={rows} /> : null}
        <div class="form-actions">
          <button type="submit" class="primary" disabled={!file || run !== null || unmapped || rows.length === 0}>
            {busy ? 'Importing…' : run ? 'Imported' : file ? `Import ${rows.length} link${rows.length === 1 ? '' : 's'}` : 'Import'}
          </button>
        </div>
      </form>
      {run && file ? <ImportReport run={run} fileName={file.name} onReset={reset} /> : null}
    </section>
  );
}
