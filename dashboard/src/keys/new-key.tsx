import { useState } from 'preact/hooks';
import { gql } from '../api/graphql';
import { InputField } from '../ui/field';
import { ShownOnce } from '../ui/shown-once';
import { ErrorBox } from '../ui/states';
import { useMutation, useQuery } from '../ui/use-query';
import { CreateKeyMutation, KeyChoicesQuery } from './documents';

const KEY_HINT = '1 to 64 characters, e.g. the program that uses it.';
const TAGS_HINT = 'Comma-separated. The key then sees and changes only links carrying one of them, and creates only such links.';

/** A set of checkboxes in a fieldset; `chosen` holds the checked values. */
function Checks({
  legend,
  hint,
  values,
  chosen,
  onChange,
  error,
}: {
  legend: string;
  hint: string;
  values: string[];
  chosen: Set<string>;
  onChange: (next: Set<string>) => void;
  error?: string;
}) {
  const toggle = (v: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(v);
    else next.delete(v);
    onChange(next);
  };
  return (
    <fieldset class="group">
      <legend>{legend}</legend>
      <p class="muted">{hint}</p>
      <div class="choices">
        {values.map((v) => (
          <label key={v} class="check">
            <input type="checkbox" checked={chosen.has(v)} onChange={(e) => toggle(v, e.currentTarget.checked)} />
            {v}
          </label>
        ))}
      </div>
      {error ? (
        <small class="field-error" role="alert">
          {error}
        </small>
      ) : null}
    </fieldset>
  );
}

const list = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  ),
];

/**
 * A new API key: its name, the scopes it gets (never more than yours: the choices are your own
 * scopes, all checked), and an optional restriction to some domains and/or tags.
 */
export function NewKey({ onCreated }: { onCreated: () => void }) {
  const choices = useQuery(() => gql(KeyChoicesQuery), []);
  const mine = choices.data?.viewer?.scopes ?? [];
  const [name, setName] = useState('');
  const [unchecked, setUnchecked] = useState<Set<string>>(new Set());
  const [domains, setDomains] = useState<Set<string>>(new Set());
  const [tags, setTags] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const scopes = new Set(mine.filter((s) => !unchecked.has(s)));
  const m = useMutation(() =>
    gql(CreateKeyMutation, {
      name: name.trim() || null,
      scopes: [...scopes],
      domains: domains.size > 0 ? [...domains] : null,
      tags: list(tags).length > 0 ? list(tags) : null,
    }),
  );
  const submit = async (e: Event) => {
    e.preventDefault();
    const r = await m.run();
    if (r.ok && r.value.createKey) {
      setSecret(r.value.createKey.key);
      setName('');
      setUnchecked(new Set());
      setDomains(new Set());
      setTags('');
      onCreated();
    }
  };
  const hosts = choices.data?.domains?.data.map((d) => d.host) ?? [];
  const known = choices.data?.tags?.data.map((t) => t.name) ?? [];
  const err = m.error;
  const shown = err && !err.field('name') && !err.field('scopes') && !err.field('domains') && !err.field('tags');
  return (
    <>
      <form class="card new-key" onSubmit={submit} aria-label="New API key">
        <h2>New key</h2>
        <InputField id="key-name" label="Name of a new key" hint={KEY_HINT} error={err?.field('name')} maxLength={64} value={name} onValue={setName} />
        {choices.error ? <ErrorBox error={choices.error} /> : null}
        <Checks
          legend="Scopes"
          hint="What the key may do; a …:write scope includes its …:read. A key never gets a scope you lack."
          values={mine}
          chosen={scopes}
          onChange={(next) => setUnchecked(new Set(mine.filter((s) => !next.has(s))))}
          error={err?.field('scopes')}
        />
        <fieldset class="group">
          <legend>Restriction (optional)</legend>
          <p class="muted">Without one the key reaches every link of the workspace.</p>
          {hosts.length > 0 ? (
            <Checks
              legend="Only links on these domains"
              hint="Leave all unchecked for any domain."
              values={hosts}
              chosen={domains}
              onChange={setDomains}
              error={err?.field('domains')}
            />
          ) : null}
          <InputField
            id="key-tags"
            label="Only links carrying one of these tags"
            hint={TAGS_HINT}
            error={err?.field('tags')}
            value={tags}
            onValue={setTags}
            placeholder={known.slice(0, 3).join(', ') || 'e.g. spring'}
          />
        </fieldset>
        <div>
          <button type="submit" class="primary" disabled={m.pending || scopes.size === 0}>
            Create key
          </button>
        </div>
        {shown ? <ErrorBox error={err} /> : null}
      </form>
      {secret ? (
        <ShownOnce value={secret} message="Copy this key now: it is shown this once." copyLabel="Copy key" testId="new-key" onDone={() => setSecret(null)} />
      ) : null}
    </>
  );
}
