import { useState } from 'preact/hooks';
import { gql, present } from '../api/graphql';
import { describedBy, Field } from '../ui/field';
import { Icon } from '../ui/icons';
import { ErrorBox } from '../ui/states';
import { useMutation } from '../ui/use-query';
import { DeleteLinksMutation, itemProblem, UpdateLinksMutation } from './bulk-documents';

/** What one bulk action did: a sentence, and the items that failed with why. */
export interface BulkOutcome {
  done: string;
  failed: { id: string; name: string; problem: string }[];
}

const splitTags = (s: string) =>
  s
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * Actions on the selected links of the page: add and remove tags (updateLinks), delete after a
 * confirmation (deleteLinks). `onDone` gets what happened; the page keeps the failed items selected.
 */
export function BulkBar({ ids, label, onDone }: { ids: string[]; label: (id: string) => string; onDone: (o: BulkOutcome) => void }) {
  const [add, setAdd] = useState('');
  const [remove, setRemove] = useState('');
  const tags = useMutation(async () => {
    const r = present((await gql(UpdateLinksMutation, { ids, add_tags: splitTags(add), remove_tags: splitTags(remove) })).updateLinks, 'result');
    const failed = r.data.flatMap((item, i) => (item.error ? [{ id: ids[i]!, name: label(ids[i]!), problem: itemProblem(item.error) }] : []));
    return { done: `Tags changed on ${plural(ids.length - failed.length, 'link')}.`, failed };
  });
  const del = useMutation(async () => {
    const r = present((await gql(DeleteLinksMutation, { ids })).deleteLinks, 'result');
    return {
      done: `Deleted ${plural(r.deleted.length, 'link')}.`,
      failed: r.not_found.map((id) => ({ id, name: label(id), problem: 'No such link (it may have been deleted already).' })),
    };
  });
  const applyTags = async (e: Event) => {
    e.preventDefault();
    const r = await tags.run();
    if (r.ok) {
      setAdd('');
      setRemove('');
      onDone(r.value);
    }
  };
  const deleteAll = async () => {
    const names = ids.slice(0, 5).map(label).join(', ') + (ids.length > 5 ? ', …' : '');
    if (!confirm(`Delete ${plural(ids.length, 'link')} (${names})? Their short URLs stop working at once.`)) return;
    const r = await del.run();
    if (r.ok) onDone(r.value);
  };
  const err = tags.error;
  const hint = 'Separated by commas.';
  const fieldErr = (f: string) => err?.field(f);
  const whole = [err && !fieldErr('add_tags') && !fieldErr('remove_tags') ? err : undefined, del.error].filter((x) => x !== undefined);
  return (
    <section class="card bulk" aria-label="Bulk actions">
      <p class="strong" aria-live="polite">
        {plural(ids.length, 'link')} selected
      </p>
      <form class="inline" onSubmit={applyTags}>
        <Field id="bulk-add" label="Tags to add" hint={hint} error={fieldErr('add_tags')}>
          <input {...describedBy('bulk-add', hint, fieldErr('add_tags'))} value={add} onInput={(e) => setAdd(e.currentTarget.value)} />
        </Field>
        <Field id="bulk-remove" label="Tags to remove" hint={hint} error={fieldErr('remove_tags')}>
          <input {...describedBy('bulk-remove', hint, fieldErr('remove_tags'))} value={remove} onInput={(e) => setRemove(e.currentTarget.value)} />
        </Field>
        <button type="submit" disabled={tags.pending || (splitTags(add).length === 0 && splitTags(remove).length === 0)}>
          {tags.pending ? 'Applying…' : 'Apply tags'}
        </button>
        <button type="button" class="danger" onClick={deleteAll} disabled={del.pending}>
          <Icon name="trash" /> {del.pending ? 'Deleting…' : 'Delete selected'}
        </button>
      </form>
      {whole.map((e) => (
        <ErrorBox key={e.code} error={e} />
      ))}
    </section>
  );
}

/** The outcome of the last bulk action, with its failed items by short URL. */
export function BulkReport({ outcome }: { outcome: BulkOutcome }) {
  return (
    <div class={outcome.failed.length ? 'state error' : 'card'} role={outcome.failed.length ? 'alert' : 'status'}>
      <p class="strong">{outcome.done}</p>
      {outcome.failed.length ? (
        <>
          <p>{plural(outcome.failed.length, 'link')} failed (still selected):</p>
          <ul class="problems">
            {outcome.failed.map((f) => (
              <li key={f.id}>
                <span class="strong">{f.name}</span>: {f.problem}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
