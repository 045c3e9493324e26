import { bareShortUrl } from '../analytics/link-labels';
import type { LinkFieldsFragment } from '../gql/graphql';
import { href } from '../router';
import { CopyButton } from '../ui/copy';
import { Icon } from '../ui/icons';
import { dayText } from '../ui/when';
import { HealthBadge } from './health-badge';
import { reachedUrl } from './link-adapt-facts';
import { withParams } from './link-filters';
import { StatusBadge } from './status-badge';

type Row = LinkFieldsFragment;

/** One link of the list; with write rights, a checkbox selects it for the bulk actions. */
export function LinkRow({ l, selected, onSelect, onDelete }: { l: Row; selected?: boolean; onSelect?: (on: boolean) => void; onDelete?: () => void }) {
  const name = bareShortUrl(l.short_url);
  // Where visitors go: the destination with the link's UTM values, as the link's page shows it.
  const reached = reachedUrl(l);
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
        {l.title ? (
          <>
            {' '}
            <span class="title ellipsis">{l.title}</span>
          </>
        ) : null}
        <div class="line muted">
          <span class="ellipsis" title={reached}>
            → {reached}
          </span>
          <time dateTime={l.created_at}>{dayText(l.created_at)}</time>
          {l.tags.map((t) => (
            <a key={t} class="badge" href={href(withParams(new URLSearchParams(), { tag: t }))}>
              {t}
            </a>
          ))}
        </div>
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
