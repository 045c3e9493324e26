import { useEffect, useRef, useState } from 'preact/hooks';
import { gql, present } from '../api/graphql';
import { useCan } from '../auth/session-context';
import type { LinkFieldsFragment } from '../gql/graphql';
import { href, navigate, useLocation } from '../router';
import { CopyButton } from '../ui/copy';
import { Icon } from '../ui/icons';
import { Empty, ErrorBox, Loaded } from '../ui/states';
import { useMutation, useQuery } from '../ui/use-query';
import { BulkBar, type BulkOutcome, BulkReport } from './bulk-bar';
import { DeleteLinkMutation, LinkFiltersQuery, LinksQuery } from './documents';
import { ExportButton } from './export-button';
import { HealthBadge } from './health-badge';
import { STATUS_LABELS, StatusBadge } from './status-badge';

const PAGE = 20;

/** The list's filters live in the URL, so a filtered page reloads (and can be shared) as it is. */
function withParams(search: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(search);
  for (const [k, v] of Object.entries(changes)) {
    if (v) next.set(k, v);
    else next.delete(k);
  }
  const s = next.toString();
  return `/links${s ? `?${s}` : ''}`;
}

function Filters({ search }: { search: URLSearchParams }) {
  const choices = useQuery(() => gql(LinkFiltersQuery), []);
  const submit = (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const get = (k: string) => String(f.get(k) ?? '').trim() || null;
    navigate(withParams(new URLSearchParams(), { q: get('q'), tag: get('tag'), domain: get('domain'), status: get('status'), health: get('health') }));
  };
  return (
    <form class="filters" aria-label="Filter links" onSubmit={submit}>
      <label>
        Search
        <input name="q" type="search" placeholder="alias or destination" defaultValue={search.get('q') ?? ''} />
      </label>
      <label>
        Tag
        <select name="tag" defaultValue={search.get('tag') ?? ''}>
          <option value="">Any tag</option>
          {choices.data?.tags?.data.map((t) => (
            <option key={t.name} value={t.name} selected={t.name === search.get('tag')}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Domain
        <select name="domain" defaultValue={search.get('domain') ?? ''}>
          <option value="">Any domain</option>
          {choices.data?.domains?.data.map((d) => (
            <option key={d.host} value={d.host} selected={d.host === search.get('domain')}>
              {d.host}
            </option>
          ))}
        </select>
      </label>
      <label>
        Status
        <select name="status" defaultValue={search.get('status') ?? ''}>
          <option value="">Any status</option>
          {Object.entries(STATUS_LABELS).map(([s, [label]]) => (
            <option key={s} value={s} selected={s === search.get('status')}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Health
        <select name="health" defaultValue={search.get('health') ?? ''}>
          <option value="">Any health</option>
          <option value="broken" selected={search.get('health') === 'broken'}>
            Broken only
          </option>
        </select>
      </label>
      <button type="submit">Apply</button>
    </form>
  );
}

type Row = LinkFieldsFragment;

/** One link of the list; with write rights, a checkbox selects it for the bulk actions. */
function LinkRow({ l, selected, onSelect, onDelete }: { l: Row; selected?: boolean; onSelect?: (on: boolean) => void; onDelete?: () => void }) {
  const name = l.short_url.replace(/^https?:\/\//, '');
  return (
    <li class="row">
      {onSelect ? (
        <label class="check">
          <input type="checkbox" checked={selected} onChange={(e) => onSelect(e.currentTarget.checked)} />
          <span class="visually-hidden">Select {name}</span>
        </label>
      ) : null}
      <div class="grow">
        <a class="strong" href={href(`/links/${encodeURIComponent(l.id)}`)}>
          {name}
        </a>
        {l.status !== 'active' ? (
          <>
            {' '}
            <StatusBadge status={l.status} />
          </>
        ) : null}
        {l.destination_health.status === 'broken' ? (
          <>
            {' '}
            <HealthBadge health={l.destination_health} />
          </>
        ) : null}
        {l.title ? <div class="title ellipsis">{l.title}</div> : null}
        <div class="muted ellipsis" title={l.destination}>
          → {l.destination}
        </div>
        {l.tags.length ? (
          <div class="tags">
            {l.tags.map((t) => (
              <a key={t} class="badge" href={href(withParams(new URLSearchParams(), { tag: t }))}>
                {t}
              </a>
            ))}
          </div>
        ) : null}
      </div>
      <span class="clicks" title="Clicks">
        {l.clicks} <span class="muted">{l.clicks === 1 ? 'click' : 'clicks'}</span>
      </span>
      <div class="actions">
        <CopyButton text={l.short_url} />
        {onDelete ? (
          <button type="button" class="small danger" onClick={onDelete} aria-label={`Delete ${l.short_url}`}>
            <Icon name="trash" /> Delete
          </button>
        ) : null}
      </div>
    </li>
  );
}

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
  const names = new Map(rows.map((l) => [l.id, l.short_url.replace(/^https?:\/\//, '')]));
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

export function LinksPage() {
  const { search } = useLocation();
  const can = useCan();
  const vars = {
    limit: PAGE,
    cursor: search.get('cursor'),
    tag: search.get('tag'),
    domain: search.get('domain'),
    q: search.get('q'),
    status: search.get('status'),
    health: search.get('health'),
  };
  const q = useQuery(() => gql(LinksQuery, vars).then((d) => present(d.links, 'link list')), [search.toString()]);
  const del = useMutation((id: string) => gql(DeleteLinkMutation, { id }));
  const remove = async (l: Row) => {
    if (!confirm(`Delete ${l.short_url}? Its short URL stops working at once.`)) return;
    if ((await del.run(l.id)).ok) q.reload();
  };
  const filtered = Boolean(vars.q || vars.tag || vars.domain || vars.status || vars.health);
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
              <LinkList key={search.toString()} rows={d.data} writable={can.writeLinks} onChanged={q.reload} onDelete={remove} />
              <nav class="pager" aria-label="Pages">
                {vars.cursor ? <a href={href(withParams(search, { cursor: null }))}>First page</a> : <span />}
                {d.next_cursor ? <a href={href(withParams(search, { cursor: d.next_cursor }))}>Next page</a> : null}
              </nav>
            </div>
          )
        }
      </Loaded>
    </section>
  );
}
