import { useEffect, useState } from 'preact/hooks';
import { requestPasswordReset, type SignInMethods, signInMethods } from '../api/auth';
import { href } from '../router';
import { InputField } from '../ui/field';
import { ErrorBox, Loading } from '../ui/states';
import { useMutation } from '../ui/use-query';

/** Self-service password reset: an email with a one-time link, when the service can send email. */
export function ForgotPasswordPage() {
  document.title = 'Forgot your password · lsk';
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [methods, setMethods] = useState<SignInMethods | null | undefined>(undefined);
  useEffect(() => {
    signInMethods().then(setMethods, () => setMethods(null));
  }, []);
  const m = useMutation(requestPasswordReset);
  const submit = async (e: Event) => {
    e.preventDefault();
    if ((await m.run(email.trim())).ok) setSent(true);
  };
  return (
    <main class="narrow" id="main">
      <h1>Forgot your password</h1>
      {methods === undefined ? (
        <Loading />
      ) : methods && !methods.password_reset ? (
        <p>
          This service sends no email. Ask an operator to run <code>lsk user reset-password &lt;your email&gt;</code>: it prints a one-time link to set a new
          password.
        </p>
      ) : sent ? (
        <p role="status">
          If an account has the address <strong>{email.trim()}</strong>, an email with a link to set a new password is on its way. The link works once, for 24
          hours.
        </p>
      ) : (
        <form onSubmit={submit} class="card">
          <InputField id="email" label="Email" type="email" autocomplete="username" required error={m.error?.field('email')} value={email} onValue={setEmail} />
          {m.error && !m.error.field('email') ? <ErrorBox error={m.error} /> : null}
          <button type="submit" class="primary" disabled={m.pending}>
            Email me a link
          </button>
        </form>
      )}
      <p>
        <a href={href('/sign-in')}>Back to sign-in</a>
      </p>
    </main>
  );
}
