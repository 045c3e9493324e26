import type { LinkFieldsFragment } from '../gql/graphql';
import { instantText } from '../ui/when';

type Health = LinkFieldsFragment['destination_health'];

const LABELS: Record<Health['status'], [string, string]> = {
  ok: ['Destination OK', 'The last check found every target of the link answering.'],
  broken: ['Broken destination', 'Two checks in a row found a target not answering, or answering 404, 410 or a server error.'],
  unknown: ['Not checked yet', 'The targets have not been checked since they were set.'],
};

/** A link's destination health as a badge: what the last checks of its targets found. */
export function HealthBadge({ health }: { health: Health }) {
  const [label, meaning] = LABELS[health.status];
  const answer = health.http_status ? ` (HTTP ${health.http_status})` : health.status === 'broken' ? ' (no answer)' : '';
  return (
    <span class={health.status === 'ok' ? 'badge ok' : health.status === 'broken' ? 'badge danger' : 'badge'} title={meaning}>
      {label}
      {answer}
    </span>
  );
}

/** The health and when it was found, for the link's page. */
export function HealthFact({ health }: { health: Health }) {
  return (
    <>
      <HealthBadge health={health} />
      {health.checked_at ? (
        <span class="muted">
          {' '}
          checked <time dateTime={health.checked_at}>{instantText(health.checked_at)}</time>
        </span>
      ) : null}
    </>
  );
}
