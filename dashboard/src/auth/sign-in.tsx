import { useState } from 'preact/hooks';
import { signIn } from '../api/auth';
import { navigate } from '../router';
import { InputField } from '../ui/field';
import { ErrorBox } from '../ui/states';
import { useMutation } from '../ui/use-query';

/** Where to go after signing in: a dashboard path from ?next=, never another site. */
function nextPath(): string {
  const next = new URLSearchParams(location.search).get('next') ?? '';
  return next.startsWith('/') && !next.startsWith('//') ? next : '/links';
}

export function SignInPage({ onSignedIn }: { onSignedIn: () => Promise<boolean> }) {
  document.title = 'Sign in · lsk';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const m = useMutation(signIn);
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!(await m.run(email, password)).ok) return;
    await onSignedIn();
    navigate(nextPath(), true);
  };
  return (
    <main class="narrow" id="main">
      <h1>Sign in to lsk</h1>
      <form onSubmit={submit} class="card">
        <InputField id="email" label="Email" type="email" autocomplete="username" required value={email} onValue={setEmail} />
        <InputField id="password" label="Password" type="password" autocomplete="current-password" required value={password} onValue={setPassword} />
        {m.error ? <ErrorBox error={m.error} /> : null}
        <button type="submit" class="primary" disabled={m.pending}>
          {m.pending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p class="muted">
        No account yet? An operator creates one with <code>lsk user create &lt;email&gt; --workspace &lt;slug&gt;</code>, which prints a link to set your
        password.
      </p>
    </main>
  );
}
