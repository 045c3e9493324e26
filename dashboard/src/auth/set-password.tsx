import { useState } from 'preact/hooks';
import { setPassword } from '../api/auth';
import { href, navigate } from '../router';
import { InputField, NEW_PASSWORD } from '../ui/field';
import { ErrorBox } from '../ui/states';
import { useMutation } from '../ui/use-query';
import { tokenFromFragment } from './token';

/** After the password is set the service may already have signed this browser in: then on to the links. */
export function SetPasswordPage({ onSignedIn }: { onSignedIn: () => Promise<boolean> }) {
  document.title = 'Set your password · lsk';
  const [token] = useState(tokenFromFragment);
  const [pw, setPw] = useState('');
  const [again, setAgain] = useState('');
  const [done, setDone] = useState(false);
  const m = useMutation(setPassword);
  const mismatch = again !== '' && pw !== again ? 'The two passwords differ.' : undefined;
  const submit = async (e: Event) => {
    e.preventDefault();
    if (mismatch) return;
    if ((await m.run({ token, new_password: pw })).ok) {
      history.replaceState(null, '', location.pathname);
      if (await onSignedIn()) navigate('/links', true);
      else setDone(true);
    }
  };
  if (!token && !done) {
    return (
      <main class="narrow" id="main">
        <h1>Set your password</h1>
        <p role="alert">
          This page needs the link printed by <code>lsk user create</code> or <code>lsk user reset-password</code>; the one you opened has no token.
        </p>
      </main>
    );
  }
  if (done) {
    return (
      <main class="narrow" id="main">
        <h1>Password set</h1>
        <p>
          Your password is saved. <a href={href('/sign-in')}>Sign in</a> with your email and the new password.
        </p>
      </main>
    );
  }
  const pwError = m.error?.field('new_password');
  return (
    <main class="narrow" id="main">
      <h1>Set your password</h1>
      <form onSubmit={submit} class="card">
        <InputField id="new-password" label="New password" hint="10 to 256 characters." error={pwError} {...NEW_PASSWORD} value={pw} onValue={setPw} />
        <InputField id="again" label="The same password again" error={mismatch} {...NEW_PASSWORD} value={again} onValue={setAgain} />
        {m.error && !pwError ? <ErrorBox error={m.error} /> : null}
        <button type="submit" class="primary" disabled={m.pending}>
          {m.pending ? 'Saving…' : 'Set password'}
        </button>
      </form>
    </main>
  );
}
