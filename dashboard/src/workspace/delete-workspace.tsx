import { useState } from 'preact/hooks';
import { gql } from '../api/graphql';
import { setCurrentWorkspace } from '../api/workspace';
import { useSession } from '../auth/session-context';
import { graphql } from '../gql';
import { navigate } from '../router';
import { InputField } from '../ui/field';
import { ErrorBox } from '../ui/states';
import { useMutation } from '../ui/use-query';

const DeleteWorkspace = graphql(`
  mutation DashboardDeleteWorkspace($confirm: String!) {
    deleteWorkspace(confirm: $confirm)
  }
`);

/**
 * The owner's danger zone: deleting the workspace and everything it holds, confirmed by typing its
 * slug (the API asks for the same). Afterwards the dashboard opens the user's next workspace, or
 * says they have none.
 */
export function DeleteWorkspaceZone({ slug }: { slug: string }) {
  const { refresh } = useSession();
  const [typed, setTyped] = useState('');
  const m = useMutation((confirm: string) => gql(DeleteWorkspace, { confirm }));
  const submit = async (e: Event) => {
    e.preventDefault();
    const r = await m.run(typed);
    if (!r.ok) return;
    setCurrentWorkspace(null);
    await refresh();
    navigate('/links');
  };
  return (
    <form class="card danger-zone" onSubmit={submit} aria-labelledby="delete-workspace">
      <h2 id="delete-workspace">Delete workspace</h2>
      <p>
        Deletes <strong>{slug}</strong> and everything it holds, for good: its links stop redirecting, its API keys stop working, its members lose access, and
        its domains, tags, webhooks, UTM templates, analytics and audit log are deleted. Its name and domains become free for others. This cannot be undone.
      </p>
      <InputField id="delete-confirm" label={`Type ${slug} to confirm`} value={typed} onValue={setTyped} autocomplete="off" />
      {m.error ? <ErrorBox error={m.error} /> : null}
      <div>
        <button type="submit" class="danger" disabled={typed !== slug || m.pending}>
          Delete this workspace
        </button>
      </div>
    </form>
  );
}
