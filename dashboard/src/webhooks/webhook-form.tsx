import { useState } from 'preact/hooks';
import type { ApiError } from '../api/errors';
import { InputField } from '../ui/field';
import { ErrorBox } from '../ui/states';
import { EVENTS } from './documents';

/** What the form sends: the createWebhook/updateWebhook arguments it governs. */
export interface WebhookInput {
  url: string;
  events: string[];
  description: string | null;
}

const HINTS = {
  url: 'An http(s) URL that receives signed POST requests.',
  description: 'Optional, up to 500 characters, for your own use.',
};

/** URL, events and description, each with the API's error for it next to it. */
export function WebhookForm({
  initial,
  idPrefix,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  initial?: WebhookInput;
  idPrefix: string;
  submitLabel: string;
  pending: boolean;
  error?: ApiError;
  onSubmit: (input: WebhookInput) => void;
  onCancel?: () => void;
}) {
  const [url, setUrl] = useState(initial?.url ?? '');
  const [events, setEvents] = useState<string[]>(initial?.events ?? ['link.created']);
  const [description, setDescription] = useState(initial?.description ?? '');
  const toggle = (ev: string, on: boolean) => setEvents((list) => EVENTS.filter((e) => (e === ev ? on : list.includes(e))));
  const submit = (e: Event) => {
    e.preventDefault();
    onSubmit({ url: url.trim(), events, description: description.trim() || null });
  };
  const eventsError = error?.field('events');
  const shownElsewhere = error && Object.keys(error.fields).length > 0;
  const id = (f: string) => `${idPrefix}-${f}`;
  return (
    <form class="card form" onSubmit={submit} noValidate>
      <InputField id={id('url')} label="Endpoint URL" hint={HINTS.url} error={error?.field('url')} type="url" required value={url} onValue={setUrl} />
      <fieldset class={eventsError ? 'events invalid' : 'events'} aria-describedby={eventsError ? id('events-error') : undefined}>
        <legend>Events</legend>
        {EVENTS.map((ev) => (
          <label key={ev} class="check">
            <input type="checkbox" checked={events.includes(ev)} onChange={(e) => toggle(ev, e.currentTarget.checked)} />
            {ev}
          </label>
        ))}
        {eventsError ? (
          <small id={id('events-error')} class="field-error" role="alert">
            {eventsError}
          </small>
        ) : null}
      </fieldset>
      <InputField
        id={id('description')}
        label="Description"
        hint={HINTS.description}
        error={error?.field('description')}
        maxLength={500}
        value={description}
        onValue={setDescription}
      />
      {error ? (
        shownElsewhere ? (
          <p class="field-error" role="alert">
            {error.message}
          </p>
        ) : (
          <ErrorBox error={error} />
        )
      ) : null}
      <div class="form-actions actions">
        <button type="submit" class="primary" disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
