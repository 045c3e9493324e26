import { useState } from 'preact/hooks';
import { gql, present } from '../api/graphql';
import { useCan } from '../auth/session-context';
import { graphql } from '../gql';
import { InputField } from '../ui/field';
import { ListTable } from '../ui/list-table';
import { ShownOnce } from '../ui/shown-once';
import { ErrorBox, Loaded } from '../ui/states';
import { useMutation, useQuery } from '../ui/use-query';

const KeysQuery = graphql(`
  query DashboardKeys {
    keys {
      data {
        id
        name
        created_at
        expires_at
        last_used_at
        revoked_at
      }
    }
  }
`);

const CreateKeyMutation = graphql(`
  mutation DashboardCreateKey($name: String) {
    createKey(name: $name) {
      id
      name
      key
      expires_at
    }
  }
`);

const RevokeKeyMutation = graphql(`
  mutation DashboardRevokeKey($id: String!) {
    revokeKey(id: $id) {
      id
      revoked_at
    }
  }
`);

const KEY_HINT = '1 to 64 characters, e.g. the program that uses it.';

const day = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString() : '—');

function NewKey({ onCreated }: { onCreated: () => void }) {
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const m = useMutation(() => gql(CreateKeyMutation, { name: name.trim() || null }));
  const submit = async (e: Event) => {
    e.preventDefault();
    const r = await m.run();
    if (r.ok && r.value.createKey) {
      setSecret(r.value.createKey.key);
      setName('');
      onCreated();
    }
  };
  const nameError = m.error?.field('name') ?? m.error?.message;
  return (
    <>
      <form class="card inline" onSubmit={submit}>
        <InputField id="key-name" label="Name of a new key" hint={KEY_HINT} error={nameError} maxLength={64} value={name} onValue={setName} />
        <button type="submit" class="primary" disabled={m.pending}>
          Create key
        </button>
      </form>
      {secret ? (
        <ShownOnce value={secret} message="Copy this key now: it is shown this once." copyLabel="Copy key" testId="new-key" onDone={() => setSecret(null)} />
      ) : null}
    </>
  );
}

export function KeysPage() {
  const can = useCan();
  const q = useQuery(() => gql(KeysQuery).then((d) => present(d.keys, 'key list')), []);
  const revoke = useMutation((id: string) => gql(RevokeKeyMutation, { id }));
  const doRevoke = async (id: string, name: string) => {
    if (confirm(`Revoke the key "${name}"? Programs using it stop working at once.`) && (await revoke.run(id)).ok) q.reload();
  };
  return (
    <section>
      <h1>API keys</h1>
      <p class="muted">Keys let programs use the API (REST /v1 and GraphQL) for this workspace.</p>
      {can.admin ? <NewKey onCreated={q.reload} /> : null}
      {revoke.error ? <ErrorBox error={revoke.error} /> : null}
      <Loaded q={q}>
        {(d) => (
          <ListTable
            rows={d.data}
            rowKey={(k) => k.id}
            empty={<p>No API keys yet.</p>}
            scroll
            columns={[
              {
                header: 'Name',
                cell: (k) => (
                  <>
                    {k.name} <code class="muted">{k.id}</code>
                  </>
                ),
              },
              { header: 'Created', cell: (k) => day(k.created_at) },
              { header: 'Expires', cell: (k) => day(k.expires_at) },
              { header: 'Last used', cell: (k) => day(k.last_used_at) },
              { header: 'Status', cell: (k) => (k.revoked_at ? <span class="badge danger">revoked</span> : <span class="badge ok">active</span>) },
              can.admin && {
                header: 'Actions',
                cell: (k) =>
                  k.revoked_at ? null : (
                    <button type="button" class="small danger" onClick={() => doRevoke(k.id, k.name)} aria-label={`Revoke key ${k.name}`}>
                      Revoke
                    </button>
                  ),
              },
            ]}
          />
        )}
      </Loaded>
    </section>
  );
}
