import { useEffect, useState } from 'preact/hooks';
import { type SecondStep, type SignInMethods, signIn, signInMethods } from '../api/auth';
import { passkeySignIn } from '../api/second-factors';
import { href, navigate } from '../router';
import { InputField } from '../ui/field';
import { ErrorBox } from '../ui/states';
import { useMutation } from '../ui/use-query';
import { SecondStepForm } from './second-step';

/** Where to go after signing in: a dashboard path from ?next=, never another site. */
function nextPath(): string {
  const next = new URLSearchParams(location.search).get('next') ?? '';
  return next.startsWith('/') && !next.startsWith('//') ? next : '/links';
}

/** Why a single sign-on came back without a session (`?sso_error=` from /auth/oidc/callback). */
const SSO_ERRORS: Record<string, string> = {
  email_unverified: 'Your identity provider has not verified your email address, so it cannot sign you in here.',
  no_account: 'No lsk account has the email address your identity provider gave. Ask a workspace owner for an invite.',
  invite_mismatch: 'The invite is for another email address than the one your identity provider gave.',
  failed: 'Single sign-on did not complete. Try again.',
};

export function SignInPage({ onSignedIn }: { onSignedIn: () => Promise<boolean> }) {
  document.title = 'Sign in · lsk';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<SecondStep | null>(null);
  const [methods, setMethods] = useState<SignInMethods | null>(null);
  useEffect(() => {
    signInMethods().then(setMethods, () => setMethods(null));
  }, []);
  const m = useMutation(signIn);
  const pk = useMutation(passkeySignIn);
  const sso = new URLSearchParams(location.search).get('sso_error');
  const done = async () => {
    await onSignedIn();
    navigate(nextPath(), true);
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    const r = await m.run(email, password);
    if (!r.ok) return;
    if (r.value) setStep(r.value);
    else await done();
  };
  const withPasskey = async () => {
    const r = await pk.run();
    if (!r.ok) return;
    if (r.value) setStep({ second_factor_required: true, challenge: r.value.challenge, methods: r.value.methods as SecondStep['methods'] });
    else await done();
  };
  if (step) {
    return (
      <main class="narrow" id="main">
        <h1>Sign in to lsk</h1>
        <p>
          Signing in as <strong>{email || 'your passkey’s account'}</strong>.
        </p>
        <SecondStepForm step={step} onDone={done} onRestart={() => setStep(null)} />
      </main>
    );
  }
  return (
    <main class="narrow" id="main">
      <h1>Sign in to lsk</h1>
      {sso && SSO_ERRORS[sso] ? (
        <p class="state error" role="alert">
          {SSO_ERRORS[sso]}
        </p>
      ) : null}
      <form onSubmit={submit} class="card">
        <InputField id="email" label="Email" type="email" autocomplete="username webauthn" required value={email} onValue={setEmail} />
        <InputField id="password" label="Password" type="password" autocomplete="current-password" required value={password} onValue={setPassword} />
        {m.error ? <ErrorBox error={m.error} /> : null}
        <button type="submit" class="primary" disabled={m.pending}>
          {m.pending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <div class="card actions sign-in-others">
        <button type="button" onClick={withPasskey} disabled={pk.pending}>
          Sign in with a passkey
        </button>
        {methods?.oidc ? (
          <a class="button" href={`/auth/oidc/start?next=${encodeURIComponent(nextPath())}`}>
            Sign in with SSO
          </a>
        ) : null}
      </div>
      {pk.error ? <ErrorBox error={pk.error} /> : null}
      <p>
        <a href={href('/forgot-password')}>Forgot your password?</a>
      </p>
      <p class="muted">
        No account yet? Ask a workspace owner for an invite, or an operator for <code>lsk user create &lt;email&gt; --workspace &lt;slug&gt;</code>, which
        prints a link to set your password.
      </p>
    </main>
  );
}
