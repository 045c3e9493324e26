import { gql, present } from '../api/graphql';
import { useCan } from '../auth/session-context';
import { href, navigate, useLocation } from '../router';
import { CopyButton } from '../ui/copy';
import { Icon } from '../ui/icons';
import { Empty, ErrorBox, Loaded } from '../ui/states';
import { useMutation, useQuery } from '../ui/use-query';
import { DeleteLinkMutation, LinkFiltersQuery, LinksQuery } from './documents';

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
    navigate(withParams(new URLSearchParams(), { q: get('q'), tag: get('tag'), domain: get('domain') }));
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
      <button type="submit">Apply</button>
    </form>
  );
}

export function LinksPage() {
  const { search } = useLocation();
  const can = useCan();
  const vars = { limit: PAGE, cursor: search.get('cursor'), tag: search.get('tag'), domain: search.get('domain'), q: search.get('q') };
  const q = useQuery(() => gql(LinksQuery, vars).then((d) => present(d.links, 'link list')), [search.toString()]);
  const del = useMutation((id: string) => gql(DeleteLinkMutation, { id }));
  const remove = async (id: string, shortUrl: string) => {
    if (!confirm(`Delete ${shortUrl}? Its short URL stops working at once.`)) return;
    if ((await del.run(id)).ok) q.reload();
  };
  const filtered = Boolean(vars.q || vars.tag || vars.domain);
  return (
    <section>
      <div class="page-head">
        <h1>Links</h1>
        {can.writeLinks ? (
          <a class="button primary" href={href('/links/new')}>
            <Icon name="plus" /> New link
          </a>
        ) : null}
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
                      <a href={href('/links/new')}>Create the first one</a>.
                    </>
                  ) : null}
                </p>
              )}
            </Empty>
          ) : (
            <>
              <ul class="rows" aria-busy={q.loading}>
                {d.data.map((l) => (
                  <li key={l.id} class="row">
                    <div class="grow">
                      <a class="strong" href={href(`/links/${encodeURIComponent(l.id)}`)}>
                        {l.short_url.replace(/^https?:\/\//, '')}
                      </a>
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
                      {l.clicks} <span class="muted">clicks</span>
                    </span>
                    <div class="actions">
                      <CopyButton text={l.short_url} />
                      {can.writeLinks ? (
                        <button type="button" class="small danger" onClick={() => remove(l.id, l.short_url)} aria-label={`Delete ${l.short_url}`}>
                          <Icon name="trash" /> Delete
                        </button>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ul>
              <nav class="pager" aria-label="Pages">
                {vars.cursor ? <a href={href(withParams(search, { cursor: null }))}>First page</a> : <span />}
                {d.next_cursor ? <a href={href(withParams(search, { cursor: d.next_cursor }))}>Next page</a> : null}
              </nav>
            </>
          )
        }
      </Loaded>
    </section>
  );
}
