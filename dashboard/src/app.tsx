import { useEffect, useState } from 'preact/hooks';
import { SharedPage, sharePageToken } from './analytics/shared-page';
import { getSession, type Session } from './api/auth';
import type { ApiError } from './api/errors';
import { whenSignedOut } from './api/graphql';
import { currentWorkspace, setCurrentWorkspace } from './api/workspace';
import { AcceptInvitePage } from './auth/accept-invite';
import { ForgotPasswordPage } from './auth/forgot-password';
import { SessionContext, type SessionState } from './auth/session-context';
import { SetPasswordPage } from './auth/set-password';
import { SignInPage } from './auth/sign-in';
import { Layout } from './layout';
import { currentPath, href, navigate, useLocation } from './router';
import { Routes } from './routes';
import { ErrorBox, Loading } from './ui/states';
import { asApiError } from './ui/use-query';

/** Pages that work without a session. */
const PUBLIC = new Set(['/sign-in', '/set-password', '/accept-invite', '/forgot-password']);

export function App() {
  const { path } = useLocation();
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [error, setError] = useState<ApiError | undefined>();
  const [, setWs] = useState(currentWorkspace());

  /** Asks the service who is signed in; true when someone is. */
  const refresh = async (): Promise<boolean> => {
    try {
      setError(undefined);
      const s = await getSession();
      setSession(s);
      return s !== null;
    } catch (e) {
      setError(asApiError(e));
      return false;
    }
  };
  // A share's public page (docs/adr/0215) asks for no session and never sends to sign-in.
  const shareToken = sharePageToken(path);
  useEffect(() => {
    if (shareToken) return;
    whenSignedOut(() => setSession(null));
    void refresh();
  }, []);

  useEffect(() => {
    if (session === null && !PUBLIC.has(path) && !shareToken) {
      const next = currentPath() + location.search;
      navigate(`/sign-in${next === '/' || next === '/sign-in' ? '' : `?next=${encodeURIComponent(next)}`}`, true);
    }
  }, [session, path]);

  if (shareToken) return <SharedPage token={shareToken} />;
  if (path === '/accept-invite') return <AcceptInvitePage onSignedIn={refresh} />;
  if (path === '/set-password') return <SetPasswordPage onSignedIn={refresh} />;
  if (path === '/sign-in') return <SignInPage onSignedIn={refresh} />;
  if (path === '/forgot-password') return <ForgotPasswordPage />;
  if (error)
    return (
      <main class="narrow">
        <ErrorBox error={error} retry={refresh} />
      </main>
    );
  if (!session)
    return (
      <main class="narrow">
        <Loading label="Checking your session…" />
      </main>
    );
  if (session.workspaces.length === 0) {
    return (
      <main class="narrow">
        <h1>No workspace yet</h1>
        <p>Your account belongs to no workspace. Ask a workspace owner for an invite.</p>
      </main>
    );
  }
  const chosen = session.workspaces.find((w) => w.slug === currentWorkspace()) ?? session.workspaces[0]!;
  if (chosen.slug !== currentWorkspace()) setCurrentWorkspace(chosen.slug);
  const state: SessionState = {
    session,
    workspace: chosen,
    switchWorkspace(slug) {
      setCurrentWorkspace(slug);
      setWs(slug);
      navigate('/links');
    },
    refresh,
  };
  return (
    <SessionContext.Provider value={state}>
      <Layout key={chosen.slug}>
        {chosen.require_2fa && !session.two_factor && path !== '/account' ? <TwoFactorRequired slug={chosen.slug} /> : <Routes path={path} />}
      </Layout>
    </SessionContext.Provider>
  );
}

/** A workspace that requires a second factor, for a user without one: the API refuses its data, so the page says why and where to fix it. */
function TwoFactorRequired({ slug }: { slug: string }) {
  document.title = 'Two-factor sign-in required · lsk';
  return (
    <section>
      <h1>Two-factor sign-in required</h1>
      <p>
        The workspace <strong>{slug}</strong> requires two-factor sign-in. Add an authenticator app or a passkey on{' '}
        <a href={href('/account')}>your account page</a>, then come back.
      </p>
    </section>
  );
}
