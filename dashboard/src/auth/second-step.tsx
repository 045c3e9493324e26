import { useState } from 'preact/hooks';
import { type SecondStep, verifySignIn } from '../api/auth';
import { passkeyAnswer } from '../api/second-factors';
import { InputField } from '../ui/field';
import { ErrorBox } from '../ui/states';
import { useMutation } from '../ui/use-query';

/**
 * The second step of a sign-in: a code from the authenticator app (or a recovery code), or one of
 * the account's passkeys. After 5 wrong codes the service voids the step: back to the password.
 */
export function SecondStepForm({ step, onDone, onRestart }: { step: SecondStep; onDone: () => Promise<void>; onRestart: () => void }) {
  const [code, setCode] = useState('');
  const byCode = useMutation(() => verifySignIn(step.challenge, { code }));
  const byPasskey = useMutation(async () => verifySignIn(step.challenge, { passkey: await passkeyAnswer(step.challenge) }));
  const error = byCode.error ?? byPasskey.error;
  const ended = error?.field('challenge') !== undefined;
  const totp = step.methods.includes('totp');
  const submit = async (e: Event) => {
    e.preventDefault();
    if ((await byCode.run()).ok) await onDone();
  };
  const usePasskey = async () => {
    if ((await byPasskey.run()).ok) await onDone();
  };
  return (
    <div class="card form">
      <h2>Two-factor sign-in</h2>
      {totp ? (
        <form onSubmit={submit}>
          <InputField
            id="code"
            label="Code"
            hint="The 6-digit code your authenticator app shows, or one of your recovery codes."
            error={ended ? undefined : byCode.error?.field('code')}
            autocomplete="one-time-code"
            required
            maxLength={64}
            value={code}
            onValue={setCode}
          />
          <button type="submit" class="primary" disabled={byCode.pending || ended}>
            {byCode.pending ? 'Checking…' : 'Verify'}
          </button>
        </form>
      ) : null}
      {step.methods.includes('passkey') ? (
        <p>
          <button type="button" onClick={usePasskey} disabled={byPasskey.pending || ended}>
            Use a passkey
          </button>
        </p>
      ) : null}
      {error && !error.field('code') ? <ErrorBox error={error} /> : null}
      {ended ? (
        <button type="button" class="primary" onClick={onRestart}>
          Sign in again
        </button>
      ) : null}
    </div>
  );
}
