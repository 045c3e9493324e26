import { useState } from 'preact/hooks';
import { gql, present } from '../api/graphql';
import { graphql } from '../gql';
import { href } from '../router';
import { ErrorBox } from '../ui/states';
import { useMutation } from '../ui/use-query';

const UpdateWorkspace = graphql(`
  mutation DashboardRequireTwoFactor($require_2fa: Boolean!) {
    updateWorkspace(require_2fa: $require_2fa) {
      id
      require_2fa
    }
  }
`);

/**
 * The owner's switch: every member must have a second factor (an authenticator app or a passkey)
 * to act in this workspace. Turning it on needs one on the owner's own account first.
 */
export function RequireTwoFactor({ required, isOwner, onChanged }: { required: boolean; isOwner: boolean; onChanged: () => void }) {
  const [on, setOn] = useState(required);
  const m = useMutation((value: boolean) => gql(UpdateWorkspace, { require_2fa: value }).then((d) => present(d.updateWorkspace, 'workspace')));
  const toggle = async () => {
    const r = await m.run(!on);
    if (r.ok) {
      setOn(r.value.require_2fa);
      onChanged();
    }
  };
  return (
    <div class="card">
      <h2>Two-factor sign-in</h2>
      <p>
        {on
          ? 'Required: members without an authenticator app or a passkey cannot use this workspace until they add one.'
          : 'Optional: members choose whether to add an authenticator app or a passkey.'}{' '}
        <a href={href('/account')}>Your own second factors</a> are on your account page.
      </p>
      {m.error ? <ErrorBox error={m.error} /> : null}
      {isOwner ? (
        <button type="button" onClick={toggle} disabled={m.pending}>
          {on ? 'Stop requiring two-factor sign-in' : 'Require two-factor sign-in'}
        </button>
      ) : (
        <p class="muted">Only an owner can change this.</p>
      )}
    </div>
  );
}
