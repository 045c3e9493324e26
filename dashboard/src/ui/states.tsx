import type { ComponentChildren } from 'preact';
import type { ApiError } from '../api/errors';
import type { QueryState } from './use-query';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p class="state loading" role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" /> {label}
    </p>
  );
}

export function Empty({ children }: { children: ComponentChildren }) {
  return <div class="state empty">{children}</div>;
}

export function ErrorBox({ error, retry }: { error: ApiError; retry?: () => void }) {
  return (
    <div class="state error" role="alert">
      <p>
        <strong>{error.message}</strong>
      </p>
      <p class="muted">
        Code <code>{error.code}</code>
        {error.requestId ? (
          <>
            {' '}
            · request <code>{error.requestId}</code>
          </>
        ) : null}
      </p>
      {retry ? (
        <button type="button" onClick={retry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/** Loading, error or the page body, the same way on every page; `failed` may say an error in the page's own words. */
export function Loaded<R>({
  q,
  children,
  failed,
}: {
  q: QueryState<R>;
  children: (data: R) => ComponentChildren;
  failed?: (error: ApiError) => ComponentChildren | null;
}) {
  if (q.data !== undefined) return <>{children(q.data)}</>;
  if (q.error) return failed?.(q.error) ?? <ErrorBox error={q.error} retry={q.reload} />;
  return <Loading />;
}
