import { useEffect, useRef, useState } from 'preact/hooks';
import { bareShortUrl } from '../analytics/link-labels';
import { gql, present } from '../api/graphql';
import { useCan } from '../auth/session-context';
import type { LinkFieldsFragment } from '../gql/graphql';
import { href, useLocation } from '../router';
import { Icon } from '../ui/icons';
import { Empty, ErrorBox, Loaded } from '../ui/states';
import { useMutation, useQuery } from '../ui/use-query';
import { BulkBar, type BulkOutcome, BulkReport } from './bulk-bar';
import { DeleteLinkMutation, LinkCountQuery, LinksQuery } from './documents';
import { ExportButton } from './export-button';
import { Filters, linkFilters, linkSort, withParams } from './link-filters';
import { LinkRow } from './link-row';

const PAGE = 20;

type Row = LinkFieldsFragment;

/** The page's links with their checkboxes, the select-all box and the bulk actions. */
function LinkList({ rows, writable, onChanged, onDelete }: { rows: Row[]; writable: boolean; onChanged: () => void; onDelete: (l: Row) => void }) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const onPage = rows.filter((l) => selected.has(l.id));
  const all = rows.length > 0 && onPage.length === rows.length;
  const allBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = onPage.length > 0 && !all;
  });
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const names = new Map(rows.map((l) => [l.id, bareShortUrl(l.short_url)]));
  const done = (o: BulkOutcome) => {
    setOutcome(o);
    setSelected(new Set(o.failed.map((f) => f.id).filter((id) => names.has(id))));
    onChanged();
  };
  return (
    <>
      {outcome ? <BulkReport outcome={outcome} /> : null}
      {writable ? (
        <label class="select-all card check">
          <input ref={allBox} type="checkbox" checked={all} onChange={(e) => setSelected(new Set(e.currentTarget.checked ? rows.map((l) => l.id) : []))} />
          {rows.length === 1 ? 'Select the 1 link on this page' : `Select all ${rows.length} links on this page`}
        </label>
      ) : null}
      {writable && onPage.length > 0 ? <BulkBar ids={onPage.map((l) => l.id)} label={(id) => names.get(id) ?? id} onDone={done} /> : null}
      <ul class="rows">
        {rows.map((l) => (
          <LinkRow
            key={l.id}
            l={l}
            selected={selected.has(l.id)}
            onSelect={writable ? (on) => toggle(l.id, on) : undefined}
            onDelete={writable ? () => onDelete(l) : undefined}
          />
        ))}
      </ul>
    </>
  );
}

/** Pages after the first, fetched by "Load more" and shown below it (the filters in the URL start over). */
function useMore(vars: Record<string, unknown>, first: string | null | undefined, key: string) {
  const [more, setMore] = useState<{ rows: Row[]; next: string | null | undefined; key: string }>({ rows: [], next: undefined, key });
  const [loading, setLoading] = useState(false);
  const current = more.key === key ? more : { rows: [], next: undefined, key };
  const next = current.next === undefined ? first : current.next;
  const load = async () => {
    if (!next) return;
    setLoading(true);
    try {
      const d = present((await gql(LinksQuery, { ...vars, cursor: next })).links, 'link list');
      setMore({ rows: [...current.rows, ...d.data], next: d.next_cursor, key });
    } finally {
      setLoading(false);
    }
  };
  return { rows: current.rows, next, load, loading };
}

export function LinksPage() {
  const { search } = useLocation();
  const can = useCan();
  const filters = linkFilters(search);
  const vars = { ...filters, limit: PAGE, cursor: search.get('cursor'), sort: linkSort(search) };
  const q = useQuery(() => gql(LinksQuery, vars).then((d) => present(d.links, 'link list')), [search.toString()]);
  const count = useQuery(() => gql(LinkCountQuery, filters), [search.toString()]);
  const more = useMore(vars, q.data?.next_cursor, search.toString());
  const del = useMutation((id: string) => gql(DeleteLinkMutation, { id }));
  const remove = async (l: Row) => {
    if (!confirm(`Delete ${l.short_url}? Its short URL stops working at once.`)) return;
    if ((await del.run(l.id)).ok) q.reload();
  };
  const filtered = Boolean(filters.q || filters.tag || filters.domain || filters.status || filters.health);
  const total = count.data?.linkCount?.total;
  return (
    <section>
      <div class="page-head">
        <h1>Links</h1>
        <div class="actions">
          <ExportButton />
          {can.writeLinks ? (
            <>
              <a class="button" href={href('/links/import')}>
                <Icon name="upload" /> Import CSV
              </a>
              <a class="button primary" href={href('/links/new')}>
                <Icon name="plus" /> New link
              </a>
            </>
          ) : null}
        </div>
      </div>
      <Filters key={search.toString()} search={search} />
      {del.error ? <ErrorBox error={del.error} /> : null}
      <Loaded q={q}>
        {(d) =>
          d.data.length === 0 ? (
            <Empty>
              {filtered ? (
                <p>
                  No link matches these filters. <a href={href('/links')}>Show every link</a>.
                </p>
              ) : (
                <p>
                  No links yet.
                  {can.writeLinks ? (
                    <>
                      {' '}
                      <a href={href('/links/new')}>Create the first one</a> or <a href={href('/links/import')}>import a CSV file</a>.
                    </>
                  ) : null}
                </p>
              )}
            </Empty>
          ) : (
            <div aria-busy={q.loading}>
              <p class="muted count" role="status">
                {total == null
                  ? `${d.data.length + more.rows.length} shown`
                  : `${d.data.length + more.rows.length} of ${total} ${total === 1 ? 'link' : 'links'}`}
              </p>
              <LinkList key={search.toString()} rows={[...d.data, ...more.rows]} writable={can.writeLinks} onChanged={q.reload} onDelete={remove} />
              <nav class="pager" aria-label="Pages">
                {vars.cursor ? <a href={href(withParams(search, { cursor: null }))}>First page</a> : <span />}
                {more.next ? (
                  <button type="button" onClick={more.load} disabled={more.loading}>
                    {more.loading ? 'Loading…' : 'Load more'}
                  </button>
                ) : null}
              </nav>
            </div>
          )
        }
      </Loaded>
    </section>
  );
}
