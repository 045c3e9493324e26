import { useState } from 'preact/hooks';
import { setPassword, signOut, signOutEverywhere } from '../api/auth';
import { useSession } from '../auth/session-context';
import { navigate } from '../router';
import { InputField, NEW_PASSWORD } from '../ui/field';
import { ErrorBox } from '../ui/states';
import { useMutation } from '../ui/use-query';
import { PasskeysCard } from './passkeys';
import { SessionsCard } from './sessions';
import { TwoFactorCard } from './two-factor';

/** What protects the account besides its password, in words. */
function secondFactors(f: { totp: boolean; passkeys: number }): string {
  const parts = [f.totp ? 'authenticator app' : '', f.passkeys > 0 ? `${f.passkeys} passkey${f.passkeys === 1 ? '' : 's'}` : ''].filter(Boolean);
  return parts.length ? `On: ${parts.join(', ')}` : 'Off';
}

const HINT = '10 to 256 characters. Saving signs out every other session of yours.';

function ChangePassword() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [saved, setSaved] = useState(false);
  const m = useMutation(() => setPassword({ current_password: current, new_password: next }));
  const submit = async (e: Event) => {
    e.preventDefault();
    setSaved(false);
    if ((await m.run()).ok) {
      setCurrent('');
      setNext('');
      setSaved(true);
    }
  };
  const curError = m.error?.field('current_password');
  const newError = m.error?.field('new_password');
  return (
    <form class="card form" onSubmit={submit}>
      <h2>Change password</h2>
      <InputField
        id="current-password"
        label="Current password"
        error={curError}
        type="password"
        autocomplete="current-password"
        required
        value={current}
        onValue={setCurrent}
      />
      <InputField id="new-password" label="New password" hint={HINT} error={newError} {...NEW_PASSWORD} value={next} onValue={setNext} />
      {m.error && !curError && !newError ? <ErrorBox error={m.error} /> : null}
      {saved ? <p role="status">Password changed; your other sessions are signed out.</p> : null}
      <button type="submit" class="primary" disabled={m.pending}>
        Change password
      </button>
    </form>
  );
}

export function AccountPage() {
  const { session, workspace, refresh } = useSession();
  const out = useMutation((everywhere: boolean) => (everywhere ? signOutEverywhere() : signOut()));
  const doSignOut = async (everywhere: boolean) => {
    if ((await out.run(everywhere)).ok) {
      await refresh();
      navigate('/sign-in', true);
    }
  };
  return (
    <section>
      <h1>Account</h1>
      {workspace.require_2fa && !session.two_factor ? (
        <p class="state error" role="alert">
          The workspace <strong>{workspace.slug}</strong> requires two-factor sign-in: add an authenticator app or a passkey below to use it.
        </p>
      ) : null}
      <dl class="facts card">
        <dt>Email</dt>
        <dd>{session.user.email}</dd>
        {session.user.name ? (
          <>
            <dt>Name</dt>
            <dd>{session.user.name}</dd>
          </>
        ) : null}
        <dt>Workspaces</dt>
        <dd>{session.workspaces.map((w) => `${w.slug} (${w.role})`).join(', ')}</dd>
        <dt>Two-factor sign-in</dt>
        <dd>{secondFactors(session.second_factors)}</dd>
      </dl>
      <ChangePassword />
      <TwoFactorCard />
      <PasskeysCard />
      <SessionsCard onSignedOut={refresh} />
      <div class="card">
        <h2>Sign out</h2>
        {out.error ? <ErrorBox error={out.error} /> : null}
        <div class="actions">
          <button type="button" onClick={() => doSignOut(false)} disabled={out.pending}>
            Sign out of this browser
          </button>
          <button type="button" onClick={() => doSignOut(true)} disabled={out.pending}>
            Sign out everywhere
          </button>
        </div>
      </div>
    </section>
  );
}
