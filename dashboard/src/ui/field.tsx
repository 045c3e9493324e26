import type { ComponentChildren } from 'preact';

/** A labelled form field with its hint and the API's error for it, tied together for screen readers. */
export function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ComponentChildren }) {
  return (
    <div class={error ? 'field invalid' : 'field'}>
      <label for={id}>{label}</label>
      {children}
      {hint ? (
        <small id={`${id}-hint`} class="muted">
          {hint}
        </small>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A field's error from the API, said at once and named by the field's `aria-describedby` (`<id>-error`). */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <small id={`${id}-error`} class="field-error" role="alert">
      {error}
    </small>
  ) : null;
}

/** aria attributes of the input inside a Field. */
export function describedBy(id: string, hint?: string, error?: string) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { id, 'aria-describedby': ids || undefined, 'aria-invalid': error ? ('true' as const) : undefined };
}

/** The input attributes the dashboard's fields use. */
interface InputProps {
  type?: 'text' | 'email' | 'password' | 'url' | 'search' | 'number' | 'datetime-local';
  min?: number;
  max?: number;
  autocomplete?: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  placeholder?: string;
}

/** A Field holding one text-like input: label, hint and the API's error wired to it. */
export function InputField({
  id,
  label,
  hint,
  error,
  value,
  onValue,
  ...input
}: { id: string; label: string; hint?: string; error?: string; value: string; onValue: (v: string) => void; onBlur?: () => void } & InputProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {/* Preact types each input type apart; these attributes suit all the types above. */}
      <input {...(input as Record<string, unknown>)} {...describedBy(id, hint, error)} value={value} onInput={(e) => onValue(e.currentTarget.value)} />
    </Field>
  );
}

/** A new password's input attributes (the service takes 10 to 256 characters). */
export const NEW_PASSWORD = { type: 'password', autocomplete: 'new-password', required: true, minLength: 10, maxLength: 256 } as const;
