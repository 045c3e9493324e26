import { useState } from 'preact/hooks';
import { gql, present } from '../api/graphql';
import { useCan } from '../auth/session-context';
import { href } from '../router';
import { ListTable } from '../ui/list-table';
import { ShownOnce } from '../ui/shown-once';
import { ErrorBox, Loaded } from '../ui/states';
import { useMutation, useQuery } from '../ui/use-query';
import { CreateWebhookMutation, DeleteWebhookMutation, UpdateWebhookMutation, WebhooksQuery } from './documents';
import { WebhookForm, type WebhookInput } from './webhook-form';

function NewWebhook({ onCreated }: { onCreated: () => void }) {
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const m = useMutation((input: WebhookInput) => gql(CreateWebhookMutation, input));
  const submit = async (input: WebhookInput) => {
    const r = await m.run(input);
    if (r.ok && r.value.createWebhook) {
      setSecret(r.value.createWebhook.secret);
      setOpen(false);
      setRound((n) => n + 1);
      onCreated();
    }
  };
  return (
    <>
      {secret ? (
        <ShownOnce
          value={secret}
          message="Copy the signing secret now: it is shown this once. Receivers verify the webhook-signature header with it."
          copyLabel="Copy secret"
          testId="webhook-secret"
          onDone={() => setSecret(null)}
        />
      ) : null}
      {open ? (
        <>
          <h2>New webhook</h2>
          <WebhookForm
            key={round}
            idPrefix="new-webhook"
            submitLabel="Create webhook"
            pending={m.pending}
            error={m.error}
            onSubmit={submit}
            onCancel={() => setOpen(false)}
          />
        </>
      ) : (
        <p>
          <button type="button" class="primary" onClick={() => setOpen(true)}>
            New webhook
          </button>
        </p>
      )}
    </>
  );
}

export function WebhooksPage() {
  const can = useCan();
  const q = useQuery(() => gql(WebhooksQuery).then((d) => present(d.webhooks, 'webhook list')), []);
  const toggle = useMutation((id: string, enabled: boolean) => gql(UpdateWebhookMutation, { id, enabled }));
  const del = useMutation((id: string) => gql(DeleteWebhookMutation, { id }));
  const setEnabled = async (id: string, enabled: boolean) => {
    if ((await toggle.run(id, enabled)).ok) q.reload();
  };
  const remove = async (id: string, url: string) => {
    if (confirm(`Delete the webhook to ${url}? Its deliveries are deleted with it.`) && (await del.run(id)).ok) q.reload();
  };
  const error = toggle.error ?? del.error;
  return (
    <section>
      <h1>Webhooks</h1>
      <p class="muted">Endpoints receive signed POST requests (Standard Webhooks) when links change or are clicked.</p>
      {can.admin ? <NewWebhook onCreated={q.reload} /> : null}
      {error ? <ErrorBox error={error} /> : null}
      <Loaded q={q}>
        {(d) => (
          <ListTable
            rows={d.data}
            rowKey={(w) => w.id}
            empty={<p>No webhooks yet.</p>}
            scroll
            columns={[
              {
                header: 'Endpoint',
                class: 'break',
                cell: (w) => (
                  <>
                    <a href={href(`/webhooks/${encodeURIComponent(w.id)}`)}>{w.url}</a>
                    {w.description ? <div class="muted">{w.description}</div> : null}
                  </>
                ),
              },
              { header: 'Events', cell: (w) => w.events.join(', ') },
              { header: 'Status', cell: (w) => (w.enabled ? <span class="badge ok">enabled</span> : <span class="badge danger">disabled</span>) },
              can.admin && {
                header: 'Actions',
                cell: (w) => (
                  <div class="actions">
                    <button
                      type="button"
                      class="small"
                      onClick={() => setEnabled(w.id, !w.enabled)}
                      aria-label={`${w.enabled ? 'Disable' : 'Enable'} webhook ${w.url}`}
                    >
                      {w.enabled ? 'Disable' : 'Enable'}
                    </button>
                    <button type="button" class="small danger" onClick={() => remove(w.id, w.url)} aria-label={`Delete webhook ${w.url}`}>
                      Delete
                    </button>
                  </div>
                ),
              },
            ]}
          />
        )}
      </Loaded>
    </section>
  );
}
