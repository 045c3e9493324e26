import { fetchCsv } from '../api/export';
import { gql, present } from '../api/graphql';
import { currentWorkspace } from '../api/workspace';
import type { DashboardAuditLogQuery } from '../gql/graphql';
import { href, navigate, useLocation } from '../router';
import { saveBlob } from '../ui/download';
import { Icon } from '../ui/icons';
import { Empty, ErrorBox, Loaded } from '../ui/states';
import { useMutation, useQuery } from '../ui/use-query';
import { instantText } from '../ui/when';
import { AuditLogQuery } from './documents';
import { auditPath, csvPath, FILTERS, queryOf } from './filters';

const PAGE = 50;

type Entry = NonNullable<DashboardAuditLogQuery['auditLog']>['data'][number];

const LABELS: Record<(typeof FILTERS)[number], [string, string]> = {
  action: ['Action', 'e.g. link.created'],
  actor: ['Actor id', 'usr_…, key_…, cli'],
  target: ['Target id', 'lnk_…, tag, host'],
  from: ['From (UTC date)', ''],
  to: ['To (UTC date, included)', ''],
};

function Filters({ search }: { search: URLSearchParams }) {
  const submit = (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const changes = Object.fromEntries(FILTERS.map((k) => [k, String(f.get(k) ?? '').trim() || null]));
    navigate(auditPath(new URLSearchParams(), changes));
  };
  return (
    <form class="filters" aria-label="Filter the audit log" onSubmit={submit}>
      {FILTERS.map((k) => (
        <label key={k} for={`audit-${k}`}>
          {LABELS[k][0]}
          {k === 'from' || k === 'to' ? (
            <input id={`audit-${k}`} name={k} type="date" defaultValue={search.get(k) ?? ''} />
          ) : (
            <input id={`audit-${k}`} name={k} type="search" placeholder={LABELS[k][1]} defaultValue={search.get(k) ?? ''} spellcheck={false} />
          )}
        </label>
      ))}
      <button type="submit">Apply</button>
    </form>
  );
}

/** A value that narrows the list to its entries when followed. */
function FilterLink({
  search,
  filter,
  value,
  label,
  children,
}: {
  search: URLSearchParams;
  filter: 'action' | 'actor' | 'target';
  value: string;
  label: string;
  children: string;
}) {
  return (
    <a href={href(auditPath(search, { [filter]: value, cursor: null }))} title={label} aria-label={`${label}: ${children}`}>
      {children}
    </a>
  );
}

function EntryRow({ e, search }: { e: Entry; search: URLSearchParams }) {
  return (
    <tr>
      <td>
        <time dateTime={e.at}>{instantText(e.at)}</time>
      </td>
      <td>
        <FilterLink search={search} filter="actor" value={e.actor.id} label={`Only entries by this ${e.actor.type}`}>
          {e.actor.label}
        </FilterLink>{' '}
        <span class="badge">{e.actor.type}</span>
      </td>
      <td>
        <FilterLink search={search} filter="action" value={e.action} label="Only this action">
          {e.action}
        </FilterLink>
      </td>
      <td>
        <span class="muted">{e.target.type}</span>{' '}
        <FilterLink search={search} filter="target" value={e.target.id} label={`Only entries about this ${e.target.type}`}>
          {e.target.id}
        </FilterLink>
        {e.target.type === 'link' && e.action !== 'link.deleted' ? (
          <>
            {' '}
            <a href={href(`/links/${encodeURIComponent(e.target.id)}`)} aria-label={`Open link ${e.target.id}`}>
              <Icon name="link" />
            </a>
          </>
        ) : null}
      </td>
      <td>
        <code>{e.request_id ?? '—'}</code>
      </td>
    </tr>
  );
}

function DownloadCsv({ search }: { search: URLSearchParams }) {
  const m = useMutation(async () => saveBlob(await fetchCsv(csvPath(search)), `audit-log-${currentWorkspace() ?? 'export'}.csv`));
  return (
    <>
      <button type="button" onClick={() => m.run()} disabled={m.pending}>
        <Icon name="download" /> {m.pending ? 'Downloading…' : 'Download CSV'}
      </button>
      {m.error ? <ErrorBox error={m.error} /> : null}
    </>
  );
}

/** Who changed what, and every sign-in of the workspace's members (owners and admins). */
export function AuditPage() {
  const { search } = useLocation();
  const vars = { ...queryOf(search), limit: PAGE, cursor: search.get('cursor') };
  const q = useQuery(() => gql(AuditLogQuery, vars).then((d) => present(d.auditLog, 'audit log')), [search.toString()]);
  const filtered = FILTERS.some((k) => search.get(k));
  return (
    <section>
      <div class="page-head">
        <h1>Audit log</h1>
        <div class="actions">
          <DownloadCsv search={search} />
        </div>
      </div>
      <p class="muted">
        Every change made through the dashboard, the API or the CLI, and every sign-in, newest first. Follow a value to show only its entries.
      </p>
      <Filters key={search.toString()} search={search} />
      <Loaded q={q}>
        {(d) =>
          d.data.length === 0 ? (
            <Empty>
              {filtered ? (
                <p>
                  No entry matches these filters. <a href={href('/audit')}>Show every entry</a>.
                </p>
              ) : (
                <p>Nothing recorded yet.</p>
              )}
            </Empty>
          ) : (
            <div aria-busy={q.loading}>
              <div class="scroll">
                <table class="table audit">
                  <caption class="visually-hidden">Audit entries, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">Who</th>
                      <th scope="col">Action</th>
                      <th scope="col">Target</th>
                      <th scope="col">Request</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.data.map((e) => (
                      <EntryRow key={e.id} e={e} search={search} />
                    ))}
                  </tbody>
                </table>
              </div>
              <nav class="pager" aria-label="Pages">
                {vars.cursor ? <a href={href(auditPath(search, { cursor: null }))}>Newest entries</a> : <span />}
                {d.next_cursor ? <a href={href(auditPath(search, { cursor: d.next_cursor }))}>Older entries</a> : null}
              </nav>
            </div>
          )
        }
      </Loaded>
    </section>
  );
}
