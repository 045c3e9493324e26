import { useEffect, useState } from 'preact/hooks';
import { acceptInvite, getSession, type Session } from '../api/auth';
import { setCurrentWorkspace } from '../api/workspace';
import { navigate } from '../router';
import { InputField, NEW_PASSWORD } from '../ui/field';
import { ErrorBox, Loading } from '../ui/states';
import { useMutation } from '../ui/use-query';
import { tokenFromFragment } from './token';

/** The workspace the invite added: the one the answer lists that the session before did not. */
function joined(before: Session | null, after: Session): string | undefined {
  const had = new Set(before?.workspaces.map((w) => w.id));
  return after.workspaces.find((w) => !had.has(w.id))?.slug;
}

/**
 * The invite link's page (`#token=…`): signed in, one button joins the workspace; signed out, a name
 * and a password create the account for the invited email.
 */
export function AcceptInvitePage({ onSignedIn }: { onSignedIn: () => Promise<boolean> }) {
  document.title = 'Accept an invite · lsk';
  const [token] = useState(tokenFromFragment);
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  useEffect(() => {
    getSession().then(setSession, () => setSession(null));
  }, []);
  const m = useMutation((account?: { name: string; password: string }) => acceptInvite(token, account));
  const submit = async (e: Event) => {
    e.preventDefault();
    const r = await m.run(session ? undefined : { name: name.trim(), password });
    if (!r.ok) return;
    history.replaceState(null, '', location.pathname);
    const slug = joined(session ?? null, r.value);
    if (slug) setCurrentWorkspace(slug);
    await onSignedIn();
    navigate('/links', true);
  };
  if (!token) {
    return (
      <main class="narrow" id="main">
        <h1>Accept an invite</h1>
        <p role="alert">This page needs the invite link you were sent; the one you opened has no token.</p>
      </main>
    );
  }
  if (session === undefined)
    return (
      <main class="narrow" id="main">
        <Loading />
      </main>
    );
  return (
    <main class="narrow" id="main">
      <h1>Accept an invite</h1>
      <form class="card form" onSubmit={submit}>
        {session ? (
          <p>
            You are signed in as <strong>{session.user.email}</strong>. Joining adds the invite's workspace to your account.
          </p>
        ) : (
          <>
            <p>Create your account for the invited email address.</p>
            <InputField
              id="name"
              label="Your name"
              error={m.error?.field('name')}
              required
              maxLength={100}
              autocomplete="name"
              value={name}
              onValue={setName}
            />
            <InputField
              id="new-password"
              label="Password"
              hint="10 to 256 characters."
              error={m.error?.field('password')}
              {...NEW_PASSWORD}
              value={password}
              onValue={setPassword}
            />
          </>
        )}
        {m.error && !m.error.field('name') && !m.error.field('password') ? <ErrorBox error={m.error} /> : null}
        <button type="submit" class="primary" disabled={m.pending}>
          {session ? 'Join the workspace' : 'Create account and join'}
        </button>
      </form>
    </main>
  );
}
