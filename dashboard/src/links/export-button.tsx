import { fetchLinksCsv } from '../api/export';
import { currentWorkspace } from '../api/workspace';
import { saveBlob } from '../ui/download';
import { Icon } from '../ui/icons';
import { ErrorBox } from '../ui/states';
import { useMutation } from '../ui/use-query';

/** Downloads every link of the workspace as CSV (the format the import reads back). */
export function ExportButton() {
  const m = useMutation(async () => saveBlob(await fetchLinksCsv(), `links-${currentWorkspace() ?? 'export'}.csv`));
  return (
    <>
      <button type="button" onClick={() => m.run()} disabled={m.pending}>
        <Icon name="download" /> {m.pending ? 'Exporting…' : 'Export CSV'}
      </button>
      {m.error ? <ErrorBox error={m.error} /> : null}
    </>
  );
}
