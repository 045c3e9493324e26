import { gql } from '../api/graphql';
import type { LinkHealthFilter, LinkSort, LinkStatus } from '../gql/graphql';
import { navigate } from '../router';
import { useQuery } from '../ui/use-query';
import { LinkFiltersQuery } from './documents';
import { STATUS_LABELS } from './status-badge';

/** The list's orders (`sort` in the URL; absent: newest first), one label for each value of the schema's LinkSort. */
const SORT_LABELS: Record<LinkSort, string> = { newest: 'Newest first', oldest: 'Oldest first', clicks: 'Most clicks', alias: 'Alias (A-Z)' };
const HEALTH_LABELS: Record<LinkHealthFilter, string> = { broken: 'Broken only' };

/** A URL parameter holding a value of a schema enum (a key of `labels`); any other value reads as absent. */
function enumParam<T extends string>(search: URLSearchParams, name: string, labels: Record<T, unknown>): T | null {
  const value = search.get(name);
  return value !== null && Object.hasOwn(labels, value) ? (value as T) : null;
}

/** The list's filters in the URL, as links(...) and linkCount(...) take them. */
export function linkFilters(search: URLSearchParams) {
  return {
    tag: search.get('tag'),
    domain: search.get('domain'),
    q: search.get('q'),
    status: enumParam<LinkStatus>(search, 'status', STATUS_LABELS),
    health: enumParam<LinkHealthFilter>(search, 'health', HEALTH_LABELS),
  };
}

/** The list's order in the URL (null: newest first). */
export const linkSort = (search: URLSearchParams): LinkSort | null => enumParam<LinkSort>(search, 'sort', SORT_LABELS);

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
          {Object.entries(HEALTH_LABELS).map(([h, label]) => (
            <option key={h} value={h} selected={h === search.get('health')}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Sort
        <select name="sort" defaultValue={search.get('sort') ?? ''}>
          {Object.entries(SORT_LABELS).map(([sort, label]) => (
            <option key={sort} value={sort === 'newest' ? '' : sort} selected={sort === (linkSort(search) ?? 'newest')}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit">Apply</button>
    </form>
  );
}
