/**
 * A view whose link filter names a link the API does not know here (a shared address of another
 * workspace, a deleted link): said in words, with the way out, instead of an error code and a
 * "Try again" that would fail again.
 */
import type { ApiError } from '../api/errors';
import type { Filters } from './view-state';

export function LinkGone({ error, filters, onRemove }: { error: ApiError; filters: Filters; onRemove: () => void }) {
  if (error.code !== 'not_found' || !filters.link_id) return null;
  const many = filters.link_id.values.length > 1;
  return (
    <div class="state empty" role="alert">
      <p>
        <strong>{many ? 'A link in the Link filter is not in this workspace.' : 'The link in the Link filter is not in this workspace.'}</strong> It may have
        been deleted, or the address was shared from another workspace.
      </p>
      <button type="button" class="button small" onClick={onRemove}>
        Remove the Link filter
      </button>
    </div>
  );
}
