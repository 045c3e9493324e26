import { useState } from 'preact/hooks';
import { addPasskey, listPasskeys, removePasskey } from '../api/second-factors';
import { useSession } from '../auth/session-context';
import { InputField } from '../ui/field';
import { Empty, ErrorBox, Loaded } from '../ui/states';
import { useMutation, useQuery } from '../ui/use-query';
import { dayText, instantText } from '../ui/when';

/** The account's passkeys: sign in with one (no password), or use one as the second factor. */
export function PasskeysCard() {
  const { refresh } = useSession();
  const [name, setName] = useState('');
  const q = useQuery(listPasskeys, []);
  const add = useMutation(addPasskey);
  const remove = useMutation(removePasskey);
  const changed = () => {
    q.reload();
    void refresh();
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    if ((await add.run(name.trim())).ok) {
      setName('');
      changed();
    }
  };
  const doRemove = async (id: string, label: string) => {
    if (confirm(`Remove the passkey "${label}"? It will no longer sign you in.`) && (await remove.run(id)).ok) changed();
  };
  return (
    <section class="card form" aria-labelledby="pk-h">
      <h2 id="pk-h">Passkeys</h2>
      <p>A passkey signs you in with your device's screen lock or a security key, without a password; after a password it counts as the second factor.</p>
      {remove.error ? <ErrorBox error={remove.error} /> : null}
      <Loaded q={q}>
        {(keys) =>
          keys.length === 0 ? (
            <Empty>No passkey yet.</Empty>
          ) : (
            <ul class="plain passkeys">
              {keys.map((k) => (
                <li key={k.id}>
                  <strong>{k.name}</strong>{' '}
                  <span class="muted">
                    added <time dateTime={k.created_at}>{dayText(k.created_at)}</time>
                    {k.last_used_at ? (
                      <>
                        , last used <time dateTime={k.last_used_at}>{instantText(k.last_used_at)}</time>
                      </>
                    ) : null}
                  </span>{' '}
                  <button type="button" class="small danger" onClick={() => doRemove(k.id, k.name)} aria-label={`Remove the passkey ${k.name}`}>
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
      <form onSubmit={submit}>
        <InputField
          id="passkey-name"
          label="Name of the new passkey"
          hint="Optional: which device or key it is."
          error={add.error?.field('name')}
          maxLength={64}
          value={name}
          onValue={setName}
        />
        {add.error && !add.error.field('name') ? <ErrorBox error={add.error} /> : null}
        <button type="submit" disabled={add.pending}>
          {add.pending ? 'Waiting for your device…' : 'Add a passkey'}
        </button>
      </form>
    </section>
  );
}
