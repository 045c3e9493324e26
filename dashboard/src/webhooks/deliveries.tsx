import { useState } from 'preact/hooks';
import { gql, present } from '../api/graphql';
import { ListTable } from '../ui/list-table';
import { ErrorBox, Loaded } from '../ui/states';
import { useMutation, useQuery } from '../ui/use-query';
import { instantText } from '../ui/when';
import { RetryWebhookDeliveryMutation, WebhookDeliveriesQuery } from './documents';

const PAGE = 20;

const time = (iso: string | null | undefined) => (iso ? <time dateTime={iso}>{instantText(iso)}</time> : '—');

const BADGE: Record<string, string> = { delivered: 'badge ok', failed: 'badge danger', pending: 'badge' };

/** The endpoint's deliveries, newest first, a page at a time; admins may send one again. `tick` reloads from the newest. */
export function Deliveries({ id, canRetry, tick }: { id: string; canRetry: boolean; tick: number }) {
  // The cursors of the pages before this one: [] is the newest page.
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const q = useQuery(() => gql(WebhookDeliveriesQuery, { id, limit: PAGE, cursor }).then((d) => present(d.webhookDeliveries, 'webhook')), [id, cursor, tick]);
  const retry = useMutation((deliveryId: string) => gql(RetryWebhookDeliveryMutation, { id, delivery_id: deliveryId }));
  const again = async (deliveryId: string) => {
    if ((await retry.run(deliveryId)).ok) q.reload();
  };
  return (
    <section aria-labelledby="deliveries-h">
      <div class="page-head">
        <h2 id="deliveries-h">Deliveries</h2>
        <button type="button" class="small" onClick={q.reload} disabled={q.loading}>
          {q.loading ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {retry.error ? <ErrorBox error={retry.error} /> : null}
      <Loaded q={q}>
        {(d) => (
          <ListTable
            rows={d.data}
            rowKey={(x) => x.id}
            empty={<p>No deliveries yet. Events appear here as they are sent.</p>}
            caption="Deliveries, newest first"
            scroll
            busy={q.loading}
            columns={[
              {
                header: 'Event',
                cell: (x) => (
                  <>
                    {x.event_type} <code class="muted">{x.id}</code>
                  </>
                ),
              },
              { header: 'Status', cell: (x) => <span class={BADGE[x.status] ?? 'badge'}>{x.status}</span> },
              { header: 'Attempts', num: true, cell: (x) => x.attempts },
              {
                header: 'Last answer',
                class: 'break',
                cell: (x) => (
                  <>
                    {x.last_status_code ?? (x.attempts ? 'no answer' : '—')}
                    {x.last_duration_ms !== null && x.last_duration_ms !== undefined ? <span class="muted"> · {x.last_duration_ms} ms</span> : null}
                    {x.last_error ? <div class="muted">{x.last_error}</div> : null}
                  </>
                ),
              },
              { header: 'Created', cell: (x) => time(x.created_at) },
              { header: 'Delivered or next attempt', cell: (x) => (x.delivered_at ? time(x.delivered_at) : time(x.next_attempt_at)) },
              canRetry && {
                header: 'Actions',
                cell: (x) => (
                  <button type="button" class="small" onClick={() => again(x.id)} disabled={retry.pending} aria-label={`Retry delivery ${x.id}`}>
                    Retry
                  </button>
                ),
              },
            ]}
            after={
              <nav class="pager" aria-label="Delivery pages">
                {cursors.length ? (
                  <button type="button" class="small" onClick={() => setCursors([])}>
                    Newest
                  </button>
                ) : (
                  <span />
                )}
                {d.next_cursor ? (
                  <button type="button" class="small" onClick={() => setCursors((c) => [...c, d.next_cursor!])}>
                    Older
                  </button>
                ) : null}
              </nav>
            }
          />
        )}
      </Loaded>
    </section>
  );
}
