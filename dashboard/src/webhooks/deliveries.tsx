import { useState } from 'preact/hooks';
import { gql, present } from '../api/graphql';
import { Empty, ErrorBox, Loaded } from '../ui/states';
import { useMutation, useQuery } from '../ui/use-query';
import { RetryWebhookDeliveryMutation, WebhookDeliveriesQuery } from './documents';

const PAGE = 20;

const time = (iso: string | null | undefined) => (iso ? <time dateTime={iso}>{new Date(iso).toLocaleString()}</time> : '—');

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
        {(d) =>
          d.data.length === 0 ? (
            <Empty>
              <p>No deliveries yet. Events appear here as they are sent.</p>
            </Empty>
          ) : (
            <div aria-busy={q.loading}>
              <div class="scroll">
                <table class="table">
                  <caption class="visually-hidden">Deliveries, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Event</th>
                      <th scope="col">Status</th>
                      <th scope="col" class="num">
                        Attempts
                      </th>
                      <th scope="col">Last answer</th>
                      <th scope="col">Created</th>
                      <th scope="col">Delivered or next attempt</th>
                      {canRetry ? <th scope="col">Actions</th> : null}
                    </tr>
                  </thead>
                  <tbody>
                    {d.data.map((x) => (
                      <tr key={x.id}>
                        <td>
                          {x.event_type} <code class="muted">{x.id}</code>
                        </td>
                        <td>
                          <span class={BADGE[x.status] ?? 'badge'}>{x.status}</span>
                        </td>
                        <td class="num">{x.attempts}</td>
                        <td class="break">
                          {x.last_status_code ?? (x.attempts ? 'no answer' : '—')}
                          {x.last_duration_ms !== null && x.last_duration_ms !== undefined ? <span class="muted"> · {x.last_duration_ms} ms</span> : null}
                          {x.last_error ? <div class="muted">{x.last_error}</div> : null}
                        </td>
                        <td>{time(x.created_at)}</td>
                        <td>{x.delivered_at ? time(x.delivered_at) : time(x.next_attempt_at)}</td>
                        {canRetry ? (
                          <td>
                            <button type="button" class="small" onClick={() => again(x.id)} disabled={retry.pending} aria-label={`Retry delivery ${x.id}`}>
                              Retry
                            </button>
                          </td>
                        ) : null}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
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
            </div>
          )
        }
      </Loaded>
    </section>
  );
}
