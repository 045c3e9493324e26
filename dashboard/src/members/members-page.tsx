import { useState } from 'preact/hooks';
import { gql, present } from '../api/graphql';
import { useCan, useSession } from '../auth/session-context';
import { graphql } from '../gql';
import type { Role } from '../gql/graphql';
import { ListTable } from '../ui/list-table';
import { ErrorBox, Loaded } from '../ui/states';
import { useMutation, useQuery } from '../ui/use-query';
import { dayText } from '../ui/when';
import { InvitesSection } from './invites';
import { isRole, ROLES } from './roles';

const MembersQuery = graphql(`
  query DashboardMembers {
    members {
      data {
        user_id
        email
        name
        role
        created_at
      }
    }
  }
`);

const UpdateMemberMutation = graphql(`
  mutation DashboardUpdateMember($user_id: ID!, $role: Role!) {
    updateMember(user_id: $user_id, role: $role) {
      user_id
      role
    }
  }
`);

const RemoveMemberMutation = graphql(`
  mutation DashboardRemoveMember($user_id: ID!) {
    removeMember(user_id: $user_id)
  }
`);

export function MembersPage() {
  const can = useCan();
  const { session } = useSession();
  const q = useQuery(() => gql(MembersQuery).then((d) => present(d.members, 'member list')), []);
  const update = useMutation((user_id: string, role: Role) => gql(UpdateMemberMutation, { user_id, role }));
  const remove = useMutation((user_id: string) => gql(RemoveMemberMutation, { user_id }));
  const [changed, setChanged] = useState('');
  const setRole = async (userId: string, email: string, role: Role) => {
    if ((await update.run(userId, role)).ok) {
      setChanged(`${email} is now ${role}.`);
      q.reload();
    }
  };
  const doRemove = async (userId: string, email: string) => {
    if (confirm(`Remove ${email} from this workspace? Their account stays; they lose access here.`) && (await remove.run(userId)).ok) q.reload();
  };
  /** Admins manage roles below owner; owners manage every role. */
  const manageable = (role: string) => can.owner || (can.admin && role !== 'owner');
  return (
    <section>
      <h1>Members</h1>
      {update.error ? <ErrorBox error={update.error} /> : null}
      {remove.error ? <ErrorBox error={remove.error} /> : null}
      {changed ? <p role="status">{changed}</p> : null}
      <Loaded q={q}>
        {(d) => (
          <ListTable
            rows={d.data}
            rowKey={(m) => m.user_id}
            scroll
            columns={[
              {
                header: 'Member',
                cell: (m) => (
                  <>
                    {m.name} <span class="muted">{m.email}</span>
                    {m.user_id === session.user.id ? <span class="badge">you</span> : null}
                  </>
                ),
              },
              {
                header: 'Role',
                cell: (m) =>
                  manageable(m.role) ? (
                    <select
                      aria-label={`Role of ${m.email}`}
                      value={m.role}
                      onChange={(e) => isRole(e.currentTarget.value) && setRole(m.user_id, m.email, e.currentTarget.value)}
                      disabled={update.pending}
                    >
                      {ROLES.filter((r) => can.owner || r !== 'owner').map((r) => (
                        <option key={r} value={r}>
                          {r}
                        </option>
                      ))}
                    </select>
                  ) : (
                    m.role
                  ),
              },
              { header: 'Joined', cell: (m) => <time dateTime={m.created_at}>{dayText(m.created_at)}</time> },
              can.admin && {
                header: 'Actions',
                cell: (m) =>
                  manageable(m.role) ? (
                    <button type="button" class="small danger" onClick={() => doRemove(m.user_id, m.email)} aria-label={`Remove ${m.email}`}>
                      Remove
                    </button>
                  ) : null,
              },
            ]}
          />
        )}
      </Loaded>
      <InvitesSection />
    </section>
  );
}
