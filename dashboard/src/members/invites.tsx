import { useState } from 'preact/hooks';
import { gql, present } from '../api/graphql';
import { useCan } from '../auth/session-context';
import { graphql } from '../gql';
import type { Role } from '../gql/graphql';
import { Field, InputField } from '../ui/field';
import { ListTable } from '../ui/list-table';
import { ShownOnce } from '../ui/shown-once';
import { ErrorBox, Loaded } from '../ui/states';
import { useMutation, useQuery } from '../ui/use-query';
import { dayText } from '../ui/when';
import { isRole, ROLES } from './roles';

const InvitesQuery = graphql(`
  query DashboardInvites {
    invites {
      data {
        id
        email
        role
        expires_at
      }
    }
  }
`);

const CreateInviteMutation = graphql(`
  mutation DashboardCreateInvite($email: String!, $role: Role!) {
    createInvite(email: $email, role: $role) {
      id
      email
      url
    }
  }
`);

const RevokeInviteMutation = graphql(`
  mutation DashboardRevokeInvite($id: ID!) {
    revokeInvite(id: $id)
  }
`);

function NewInvite({ onCreated }: { onCreated: () => void }) {
  const can = useCan();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [url, setUrl] = useState<string | null>(null);
  const m = useMutation(() => gql(CreateInviteMutation, { email: email.trim(), role }));
  const submit = async (e: Event) => {
    e.preventDefault();
    const r = await m.run();
    if (r.ok && r.value.createInvite) {
      setUrl(r.value.createInvite.url);
      setEmail('');
      onCreated();
    }
  };
  return (
    <>
      <form class="card inline" onSubmit={submit}>
        <InputField id="invite-email" label="Invite by email" type="email" required error={m.error?.field('email')} value={email} onValue={setEmail} />
        <Field id="invite-role" label="Role" error={m.error?.field('role')}>
          <select id="invite-role" value={role} onChange={(e) => isRole(e.currentTarget.value) && setRole(e.currentTarget.value)}>
            {ROLES.filter((r) => can.owner || r !== 'owner').map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" class="primary" disabled={m.pending}>
          Create invite
        </button>
      </form>
      {m.error && !m.error.field('email') && !m.error.field('role') ? <ErrorBox error={m.error} /> : null}
      {url ? (
        <ShownOnce
          value={url}
          message="Send this link to the person you invite: it is shown this once and works for 7 days."
          copyLabel="Copy link"
          testId="invite-url"
          onDone={() => setUrl(null)}
        />
      ) : null}
    </>
  );
}

/** Pending invites: admins and owners see, create and withdraw them (others do not ask). */
export function InvitesSection() {
  return useCan().admin ? <Invites /> : null;
}

function Invites() {
  const q = useQuery(() => gql(InvitesQuery).then((d) => present(d.invites, 'invite list')), []);
  const revoke = useMutation((id: string) => gql(RevokeInviteMutation, { id }));
  const doRevoke = async (id: string, email: string) => {
    if (confirm(`Withdraw the invite for ${email}? Its link stops working.`) && (await revoke.run(id)).ok) q.reload();
  };
  return (
    <section aria-labelledby="invites-h">
      <h2 id="invites-h">Invites</h2>
      <NewInvite onCreated={q.reload} />
      {revoke.error ? <ErrorBox error={revoke.error} /> : null}
      <Loaded q={q}>
        {(d) => (
          <ListTable
            rows={d.data}
            rowKey={(i) => i.id}
            empty={<p>No pending invites.</p>}
            scroll
            columns={[
              { header: 'Email', cell: (i) => i.email },
              { header: 'Role', cell: (i) => i.role },
              { header: 'Expires', cell: (i) => dayText(i.expires_at) },
              {
                header: 'Actions',
                cell: (i) => (
                  <button type="button" class="small danger" onClick={() => doRevoke(i.id, i.email)} aria-label={`Withdraw the invite for ${i.email}`}>
                    Withdraw
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
