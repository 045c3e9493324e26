import { useState } from 'preact/hooks';
import { gql, present } from '../api/graphql';
import { useCan } from '../auth/session-context';
import type { WebhookFieldsFragment } from '../gql/graphql';
import { href, navigate, type Params } from '../router';
import { ShownOnce } from '../ui/shown-once';
import { ErrorBox, Loaded } from '../ui/states';
import { useMutation, useQuery } from '../ui/use-query';
import { instantText } from '../ui/when';
import { Deliveries } from './deliveries';
import { DeleteWebhookMutation, RotateWebhookSecretMutation, TestWebhookMutation, UpdateWebhookMutation, WebhookQuery } from './documents';
import { WebhookForm, type WebhookInput } from './webhook-form';

function Facts({ w }: { w: WebhookFieldsFragment }) {
  return (
    <dl class="facts">
      <dt>URL</dt>
      <dd class="break">
        <code>{w.url}</code>
      </dd>
      <dt>Events</dt>
      <dd>{w.events.join(', ')}</dd>
      <dt>Description</dt>
      <dd>{w.description ?? <span class="muted">none</span>}</dd>
      <dt>Status</dt>
      <dd>{w.enabled ? <span class="badge ok">enabled</span> : <span class="badge danger">disabled</span>}</dd>
      <dt>Created</dt>
      <dd>
        <time dateTime={w.created_at}>{instantText(w.created_at)}</time>
      </dd>
      <dt>Id</dt>
      <dd>
        <code>{w.id}</code>
      </dd>
    </dl>
  );
}

/** An admin's controls: edit, pause or resume, rotate the secret (shown once), send a test event, delete. */
function Controls({ w, onChanged }: { w: WebhookFieldsFragment; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [sent, setSent] = useState('');
  const update = useMutation((patch: Partial<WebhookInput> & { enabled?: boolean }) => gql(UpdateWebhookMutation, { id: w.id, ...patch }));
  const rotate = useMutation(() => gql(RotateWebhookSecretMutation, { id: w.id }));
  const test = useMutation(() => gql(TestWebhookMutation, { id: w.id }));
  const del = useMutation(() => gql(DeleteWebhookMutation, { id: w.id }));
  const save = async (input: WebhookInput) => {
    if ((await update.run(input)).ok) {
      setEditing(false);
      onChanged();
    }
  };
  const doRotate = async () => {
    if (!confirm('Rotate the signing secret? The old secret keeps signing beside the new one for 24 hours.')) return;
    const r = await rotate.run();
    if (r.ok && r.value.rotateWebhookSecret) setSecret(r.value.rotateWebhookSecret.secret);
  };
  const doTest = async () => {
    const r = await test.run();
    if (r.ok && r.value.testWebhook) {
      setSent(`Test event queued as delivery ${r.value.testWebhook.id}.`);
      onChanged();
    }
  };
  const doDelete = async () => {
    if (confirm(`Delete the webhook to ${w.url}? Its deliveries are deleted with it.`) && (await del.run()).ok) navigate('/webhooks');
  };
  const toggle = async () => {
    if ((await update.run({ enabled: !w.enabled })).ok) onChanged();
  };
  const error = (editing ? undefined : update.error) ?? rotate.error ?? test.error ?? del.error;
  return (
    <>
      {secret ? (
        <ShownOnce
          value={secret}
          message="Copy the new signing secret now: it is shown this once."
          copyLabel="Copy secret"
          testId="webhook-secret"
          onDone={() => setSecret(null)}
        />
      ) : null}
      {sent ? (
        <p role="status" class="card">
          {sent}
        </p>
      ) : null}
      {error ? <ErrorBox error={error} /> : null}
      {editing ? (
        <WebhookForm
          initial={{ url: w.url, events: w.events, description: w.description ?? null }}
          idPrefix="edit-webhook"
          submitLabel="Save changes"
          pending={update.pending}
          error={update.error}
          onSubmit={save}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div class="actions">
          <button type="button" onClick={() => setEditing(true)}>
            Edit
          </button>
          <button type="button" onClick={toggle} disabled={update.pending}>
            {w.enabled ? 'Disable' : 'Enable'}
          </button>
          <button type="button" onClick={doTest} disabled={test.pending}>
            Send test event
          </button>
          <button type="button" onClick={doRotate} disabled={rotate.pending}>
            Rotate secret
          </button>
          <button type="button" class="danger" onClick={doDelete} disabled={del.pending}>
            Delete
          </button>
        </div>
      )}
    </>
  );
}

export function WebhookPage({ id = '' }: Params) {
  const can = useCan();
  const [tick, setTick] = useState(0);
  const q = useQuery(() => gql(WebhookQuery, { id }).then((d) => present(d.webhook, 'webhook')), [id]);
  const changed = () => {
    q.reload();
    setTick((n) => n + 1);
  };
  return (
    <section>
      <p class="crumbs">
        <a href={href('/webhooks')}>Webhooks</a> /
      </p>
      <Loaded q={q}>
        {(w) => (
          <>
            <h1 class="break">{w.url.replace(/^https?:\/\//, '')}</h1>
            <Facts w={w} />
            {can.admin ? <Controls w={w} onChanged={changed} /> : null}
            <Deliveries id={w.id} canRetry={can.admin} tick={tick} />
          </>
        )}
      </Loaded>
    </section>
  );
}
