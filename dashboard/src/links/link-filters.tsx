import { gql } from '../api/graphql';
import { navigate } from '../router';
import { useQuery } from '../ui/use-query';
import { LinkFiltersQuery } from './documents';
import { STATUS_LABELS } from './status-badge';

/** The list's orders (`sort` in the URL; empty: newest first). */
const SORTS: [string, string][] = [
  ['', 'Newest first'],
  ['oldest', 'Oldest first'],
  ['clicks', 'Most clicks'],
  ['alias', 'Alias (A-Z)'],
];

/** The list's filters live in the URL, so a filtered page reloads (and can be shared) as it is. */
export function withParams(search: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(search);
  for (const [k, v] of Object.entries(changes)) {
    if (v) next.set(k, v);
    else next.delete(k);
  }
  const s = next.toString();
  return `/links${s ? `?${s}` : ''}`;
}

export function Filters({ search }: { search: URLSearchParams }) {
  const choices = useQuery(() => gql(LinkFiltersQuery), []);
  const submit = (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const get = (k: string) => String(f.get(k) ?? '').trim() || null;
    navigate(
      withParams(new URLSearchParams(), {
        q: get('q'),
        tag: get('tag'),
        domain: get('domain'),
        status: get('status'),
        health: get('health'),
        sort: get('sort'),
      }),
    );
  };
  return (
    <form class="filters" aria-label="Filter links" onSubmit={submit}>
      <label>
        Search
        <input name="q" type="search" placeholder="alias, destination or title" defaultValue={search.get('q') ?? ''} />
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
      <label>
        Sort
        <select name="sort" defaultValue={search.get('sort') ?? ''}>
          {SORTS.map(([value, label]) => (
            <option key={value} value={value} selected={value === (search.get('sort') ?? '')}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit">Apply</button>
    </form>
  );
}
