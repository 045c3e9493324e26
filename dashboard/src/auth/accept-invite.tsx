import { useEffect, useState } from 'preact/hooks';
import { acceptInvite, getSession, type InviteInfo, inviteInfo, type Session, signInMethods } from '../api/auth';
import type { ApiError } from '../api/errors';
import { setCurrentWorkspace } from '../api/workspace';
import { navigate } from '../router';
import { InputField, NEW_PASSWORD } from '../ui/field';
import { ErrorBox, Loading } from '../ui/states';
import { asApiError, useMutation } from '../ui/use-query';
import { instantText } from '../ui/when';
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
  const [invite, setInvite] = useState<InviteInfo | ApiError | undefined>(undefined);
  const [sso, setSso] = useState(false);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  useEffect(() => {
    getSession().then(setSession, () => setSession(null));
    if (token) inviteInfo(token).then(setInvite, (e: unknown) => setInvite(asApiError(e)));
    signInMethods().then(
      (m) => setSso(m.oidc),
      () => setSso(false),
    );
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
  if (session === undefined || invite === undefined)
    return (
      <main class="narrow" id="main">
        <Loading />
      </main>
    );
  if (!('email' in invite)) {
    return (
      <main class="narrow" id="main">
        <h1>Accept an invite</h1>
        <p role="alert">
          {invite.code === 'not_found' ? 'This invite is unknown, used already or expired (invites last 7 days). Ask for a new one.' : invite.message}
        </p>
      </main>
    );
  }
  return (
    <main class="narrow" id="main">
      <h1>Accept an invite</h1>
      <dl class="facts card">
        <dt>Workspace</dt>
        <dd>{invite.workspace.slug}</dd>
        <dt>Role</dt>
        <dd>{invite.role}</dd>
        <dt>For</dt>
        <dd>{invite.email}</dd>
        <dt>Valid until</dt>
        <dd>{instantText(invite.expires_at)}</dd>
      </dl>
      <form class="card form" onSubmit={submit}>
        {session ? (
          <p>
            You are signed in as <strong>{session.user.email}</strong>. Joining adds the invite's workspace to your account.
          </p>
        ) : (
          <>
            <p>
              Create your account for <strong>{invite.email}</strong>.
            </p>
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
          {session ? `Join ${invite.workspace.slug}` : 'Create account and join'}
        </button>
      </form>
      {!session && sso ? (
        <p>
          Or{' '}
          <a class="button" href={`/auth/oidc/start?invite=${encodeURIComponent(token)}&next=/links`}>
            Sign in with SSO
          </a>{' '}
          as {invite.email} to accept it.
        </p>
      ) : null}
    </main>
  );
}
