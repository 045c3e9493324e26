import { gql, present } from '../api/graphql';
import { useCan } from '../auth/session-context';
import type { DashboardKeysQuery } from '../gql/graphql';
import { Empty, ErrorBox, Loaded } from '../ui/states';
import { useMutation, useQuery } from '../ui/use-query';
import { KeysQuery, RevokeKeyMutation } from './documents';
import { NewKey } from './new-key';

type Key = NonNullable<DashboardKeysQuery['keys']>['data'][number];

const day = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString() : '—');

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
        {(d) =>
          d.data.length === 0 ? (
            <Empty>
              <p>No API keys yet.</p>
            </Empty>
          ) : (
            <div class="scroll">
              <table class="table">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Scopes</th>
                    <th scope="col">Reaches</th>
                    <th scope="col">Created</th>
                    <th scope="col">Expires</th>
                    <th scope="col">Last used</th>
                    <th scope="col">Status</th>
                    {can.admin ? <th scope="col">Actions</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {d.data.map((k) => (
                    <tr key={k.id}>
                      <td>
                        {k.name} <code class="muted">{k.id}</code>
                      </td>
                      <td>
                        <Scopes scopes={k.scopes} />
                      </td>
                      <td>
                        <Restriction k={k} />
                      </td>
                      <td>{day(k.created_at)}</td>
                      <td>{day(k.expires_at)}</td>
                      <td>{day(k.last_used_at)}</td>
                      <td>{k.revoked_at ? <span class="badge danger">revoked</span> : <span class="badge ok">active</span>}</td>
                      {can.admin ? (
                        <td>
                          {k.revoked_at ? null : (
                            <button type="button" class="small danger" onClick={() => doRevoke(k.id, k.name)} aria-label={`Revoke key ${k.name}`}>
                              Revoke
                            </button>
                          )}
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
    </section>
  );
}
