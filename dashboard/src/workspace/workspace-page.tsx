import { gql, present } from '../api/graphql';
import { useSession } from '../auth/session-context';
import { graphql } from '../gql';
import { Loaded } from '../ui/states';
import { useQuery } from '../ui/use-query';
import { DeleteWorkspaceZone } from './delete-workspace';
import { RequireTwoFactor } from './require-two-factor';

const WorkspaceQuery = graphql(`
  query DashboardWorkspace {
    workspace {
      id
      slug
      plan
      rate_limit_rpm
      require_2fa
    }
    viewer {
      role
      scopes
    }
  }
`);

const PLAN_TEXT = {
  standard: 'Standard: 100 requests a minute.',
  advanced: 'Advanced: 500 requests a minute.',
  custom: 'Custom: a limit the operator set for this workspace.',
} as const;

export function WorkspacePage() {
  const { workspace: mine } = useSession();
  const q = useQuery(() => gql(WorkspaceQuery).then((d) => ({ w: present(d.workspace, 'workspace'), viewer: d.viewer })), []);
  return (
    <section>
      <h1>Workspace</h1>
      <Loaded q={q}>
        {({ w, viewer }) => (
          <>
            <dl class="facts card">
              <dt>Name</dt>
              <dd>{w.slug}</dd>
              <dt>Id</dt>
              <dd>
                <code>{w.id}</code>
              </dd>
              <dt>Plan</dt>
              <dd>{PLAN_TEXT[w.plan]}</dd>
              <dt>Rate limit</dt>
              <dd>
                {w.rate_limit_rpm} requests per minute, shared by every API key of the workspace (the dashboard counts against your own per-user limit instead).
              </dd>
              <dt>Your role</dt>
              <dd>{viewer?.role ?? mine.role}</dd>
              {viewer ? (
                <>
                  <dt>What you may do</dt>
                  <dd>
                    <ul class="plain scopes">
                      {viewer.scopes.map((s) => (
                        <li key={s}>
                          <code>{s}</code>
                        </li>
                      ))}
                    </ul>
                  </dd>
                </>
              ) : null}
            </dl>
            <RequireTwoFactor required={w.require_2fa} isOwner={(viewer?.role ?? mine.role) === 'owner'} onChanged={q.reload} />
            {(viewer?.role ?? mine.role) === 'owner' ? <DeleteWorkspaceZone slug={w.slug} /> : null}
          </>
        )}
      </Loaded>
    </section>
  );
}
