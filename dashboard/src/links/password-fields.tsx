import { InputField } from '../ui/field';
import type { GroupProps } from './behaviour-fields';
import type { PasswordMode } from './link-draft';

const HINT = '4-128 characters. Visitors type it before they are redirected; it is stored hashed and never shown again.';

/** Set, change or remove the link's password (the API never returns it, only whether one is set). */
export function PasswordFields({ draft, set, error, isProtected }: GroupProps & { isProtected: boolean }) {
  const choices: [PasswordMode, string][] = isProtected
    ? [
        ['keep', 'Keep the current password'],
        ['set', 'Change the password'],
        ['remove', 'Remove the password'],
      ]
    : [
        ['keep', 'No password'],
        ['set', 'Set a password'],
      ];
  return (
    <fieldset class="group">
      <legend>Password</legend>
      <p class="muted">{isProtected ? 'This link asks visitors for a password.' : 'Anyone with the short URL is redirected.'}</p>
      <div class="choices">
        {choices.map(([mode, label]) => (
          <label key={mode} class="check">
            <input type="radio" name="password_mode" value={mode} checked={draft.password_mode === mode} onChange={() => set({ password_mode: mode })} />
            {label}
          </label>
        ))}
      </div>
      {draft.password_mode === 'set' ? (
        <InputField
          id="password"
          label={isProtected ? 'New link password' : 'Link password'}
          type="password"
          autocomplete="new-password"
          minLength={4}
          maxLength={128}
          hint={HINT}
          error={error?.field('password')}
          value={draft.password}
          onValue={(password) => set({ password })}
        />
      ) : error?.field('password') ? (
        <small class="field-error" role="alert">
          {error.field('password')}
        </small>
      ) : null}
    </fieldset>
  );
}
