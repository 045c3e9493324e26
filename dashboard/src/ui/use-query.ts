import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '../api/errors';

export interface QueryState<R> {
  data?: R;
  error?: ApiError;
  loading: boolean;
  reload: () => void;
}

/** Runs `load` when `deps` change; keeps the last data while reloading, drops answers of stale runs. */
export function useQuery<R>(load: () => Promise<R>, deps: unknown[]): QueryState<R> {
  return useQueryAfter(useEffect, load, deps);
}

/**
 * `useQuery` that asks before the queries of the components it renders (whose effects run before
 * their parent's): at commit, not after paint. The overview's totals and chart go first, as the
 * service answers a workspace's reads one after another.
 */
export function useFirstQuery<R>(load: () => Promise<R>, deps: unknown[]): QueryState<R> {
  return useQueryAfter(useLayoutEffect, load, deps);
}

function useQueryAfter<R>(effect: typeof useEffect, load: () => Promise<R>, deps: unknown[]): QueryState<R> {
  const [state, setState] = useState<{ data?: R; error?: ApiError; loading: boolean }>({ loading: true });
  const run = useRef(0);
  const go = useCallback(() => {
    const mine = ++run.current;
    setState((s) => ({ data: s.data, loading: true }));
    load().then(
      (data) => mine === run.current && setState({ data, loading: false }),
      (e: unknown) => mine === run.current && setState({ error: asApiError(e), loading: false }),
    );
  }, deps);
  effect(go, [go]);
  return { ...state, reload: go };
}

export function asApiError(e: unknown): ApiError {
  return e instanceof ApiError ? e : new ApiError('client_error', e instanceof Error ? e.message : String(e));
}

/** A write: its pending flag and last error, for forms and buttons. */
export function useMutation<A extends unknown[], R>(fn: (...args: A) => Promise<R>) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError | undefined>();
  /** Runs the write; `ok` false when it failed (the error is then in `error`). */
  const run = async (...args: A): Promise<{ ok: true; value: R } | { ok: false }> => {
    setPending(true);
    setError(undefined);
    try {
      return { ok: true, value: await fn(...args) };
    } catch (e) {
      setError(asApiError(e));
      return { ok: false };
    } finally {
      setPending(false);
    }
  };
  return { run, pending, error, clear: () => setError(undefined) };
}
