import { gql, present } from '../api/graphql';
import { useCan } from '../auth/session-context';
import type { DashboardKeysQuery } from '../gql/graphql';
import { ListTable } from '../ui/list-table';
import { ErrorBox, Loaded } from '../ui/states';
import { useMutation, useQuery } from '../ui/use-query';
import { dayText } from '../ui/when';
import { KeysQuery, RevokeKeyMutation } from './documents';
import { NewKey } from './new-key';

type Key = NonNullable<DashboardKeysQuery['keys']>['data'][number];

const day = (iso: string | null | undefined) => (iso ? dayText(iso) : '—');

/** The key's scopes, one per line (a long list stays readable in a narrow column). */
function Scopes({ scopes }: { scopes: string[] }) {
  return (
    <ul class="plain scopes">
      {scopes.map((s) => (
        <li key={s}>
          <code>{s}</code>
        </li>
      ))}
    </ul>
  );
}

function Restriction({ k }: { k: Key }) {
  if (!k.domains && !k.tags) return <span class="muted">every link</span>;
  return (
    <ul class="plain">
      {k.domains ? <li>domains: {k.domains.join(', ')}</li> : null}
      {k.tags ? <li>tags: {k.tags.join(', ')}</li> : null}
    </ul>
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
      <p class="muted">
        Keys let programs use the API (REST /v1 and GraphQL) for this workspace: each with its scopes, and optionally restricted to some links.
      </p>
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
              { header: 'Scopes', cell: (k) => <Scopes scopes={k.scopes} /> },
              { header: 'Reaches', cell: (k) => <Restriction k={k} /> },
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
