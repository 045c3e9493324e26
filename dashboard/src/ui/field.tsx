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
      {error ? (
        <small id={`${id}-error`} class="field-error" role="alert">
          {error}
        </small>
      ) : null}
    </div>
  );
}

/** aria attributes of the input inside a Field. */
export function describedBy(id: string, hint?: string, error?: string) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { id, 'aria-describedby': ids || undefined, 'aria-invalid': error ? ('true' as const) : undefined };
}
