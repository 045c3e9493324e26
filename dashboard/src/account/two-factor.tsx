import { useState } from 'preact/hooks';
import QRCode from 'qrcode';
import { disableTotp, enableTotp, setupTotp } from '../api/second-factors';
import { useSession } from '../auth/session-context';
import { CopyButton } from '../ui/copy';
import { saveBlob } from '../ui/download';
import { InputField } from '../ui/field';
import { ErrorBox } from '../ui/states';
import { useMutation } from '../ui/use-query';

const CODE_HINT = 'The 6-digit code your authenticator app shows now.';

/** The recovery codes, shown once: to download or copy before leaving. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `lsk recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  return (
    <div class="card secret" role="status">
      <p>
        <strong>Two-factor sign-in is on.</strong> Keep these recovery codes somewhere safe: each signs you in once if your phone is lost. They are shown only
        now.
      </p>
      <ol class="recovery-codes" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div class="actions">
        <button type="button" class="small" onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), 'lsk-recovery-codes.txt')}>
          Download
        </button>
        <CopyButton text={codes.join('\n')} label="Copy the codes" />
        <button type="button" class="small" onClick={onDone}>
          I saved them
        </button>
      </div>
    </div>
  );
}

/** Turning on: the QR code of the otpauth URL (drawn here, by the qrcode library) and the secret to type, then a code to confirm. */
function SetUp({ onOn }: { onOn: (codes: string[]) => void }) {
  const [setup, setSetup] = useState<{ secret: string; qr: string } | null>(null);
  const [code, setCode] = useState('');
  const start = useMutation(async () => {
    const s = await setupTotp();
    const svg = await QRCode.toString(s.otpauth_url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    setSetup({ secret: s.secret, qr: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
  });
  const confirm = useMutation(() => enableTotp(code));
  const submit = async (e: Event) => {
    e.preventDefault();
    const r = await confirm.run();
    if (r.ok) onOn(r.value);
  };
  if (!setup) {
    return (
      <>
        <p>Off. Add an authenticator app (1Password, Google Authenticator, Aegis…) so that signing in also needs a code from your phone.</p>
        {start.error ? <ErrorBox error={start.error} /> : null}
        <button type="button" class="primary" onClick={() => start.run()} disabled={start.pending}>
          Set up an authenticator app
        </button>
      </>
    );
  }
  return (
    <form onSubmit={submit}>
      <p>Scan this code with your authenticator app, or type the key below into it.</p>
      <img class="totp-qr" src={setup.qr} alt="QR code to add lsk to your authenticator app" width={200} height={200} />
      <p>
        Key: <code data-testid="totp-secret">{setup.secret}</code> <CopyButton text={setup.secret} label="Copy the key" />
      </p>
      <InputField
        id="totp-code"
        label="Code from the app"
        hint={CODE_HINT}
        error={confirm.error?.field('code')}
        autocomplete="one-time-code"
        required
        maxLength={16}
        value={code}
        onValue={setCode}
      />
      {confirm.error && !confirm.error.field('code') ? <ErrorBox error={confirm.error} /> : null}
      <button type="submit" class="primary" disabled={confirm.pending}>
        Turn on
      </button>
    </form>
  );
}

/** Turning off needs a code from the app or a recovery code. */
function TurnOff({ onOff }: { onOff: () => void }) {
  const [code, setCode] = useState('');
  const off = useMutation(() => disableTotp(code));
  const submit = async (e: Event) => {
    e.preventDefault();
    if ((await off.run()).ok) onOff();
  };
  return (
    <form onSubmit={submit}>
      <p>On: signing in with your password also asks for a code from your authenticator app.</p>
      <InputField
        id="totp-off-code"
        label="Code to turn it off"
        hint="A code from the app, or one of your recovery codes."
        error={off.error?.field('code')}
        autocomplete="one-time-code"
        required
        maxLength={64}
        value={code}
        onValue={setCode}
      />
      {off.error && !off.error.field('code') ? <ErrorBox error={off.error} /> : null}
      <button type="submit" class="danger" disabled={off.pending}>
        Turn off
      </button>
    </form>
  );
}

/** The account's authenticator app (TOTP): set up, recovery codes once, turn off. */
export function TwoFactorCard() {
  const { session, refresh } = useSession();
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <section class="card form" aria-labelledby="tfa-h">
      <h2 id="tfa-h">Authenticator app</h2>
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : session.second_factors.totp ? (
        <TurnOff onOff={() => void refresh()} />
      ) : (
        <SetUp
          onOn={(c) => {
            setCodes(c);
            void refresh();
          }}
        />
      )}
    </section>
  );
}
