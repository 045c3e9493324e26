import type { LinkStatus } from '../gql/graphql';

export const STATUS_LABELS: Record<LinkStatus, [string, string]> = {
  active: ['Active', 'The link redirects.'],
  expired: ['Expired', 'Past its expiry time: visitors go to the URL after expiry, or get 410 Gone.'],
  exhausted: ['Exhausted', 'Its maximum clicks are used up: visitors go to the URL after expiry, or get 410 Gone.'],
};

/** The link's computed status as a badge (green when active). */
export function StatusBadge({ status }: { status: LinkStatus }) {
  const [label, meaning] = STATUS_LABELS[status];
  return (
    <span class={status === 'active' ? 'badge ok' : 'badge danger'} title={meaning}>
      {label}
    </span>
  );
}
