/** One request of the fuzz suite and the invariants of its answer. Not a test file. */
import { ERROR_STATUS } from './_assert.js';

/**
 * A sender for the fuzz loop: every broken invariant of an answer (no X-Request-Id, a 5xx, an internal_error,
 * a leaked stack, an error without a contract code or with the wrong status or request_id) is pushed onto
 * `failures`; statuses are counted in `stats`; `remember` hears of every link id an exchange names.
 * Answers null when nothing came back.
 */
export function fuzzSender(base: string, failures: string[], stats: Map<number, number>, remember: (text: string, entry: string) => void) {
  return async function send(i: number, method: string, path: string, headers: Record<string, string>, body?: string) {
    const label = `#${i} ${method} ${path.slice(0, 120)} body=${(body ?? '').slice(0, 200)} headers=${JSON.stringify(headers).slice(0, 200)}`;
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(15_000) });
    } catch (e) {
      const cause = (e as { cause?: { code?: string } }).cause;
      // undici refuses some header values before sending anything: not the server's doing.
      if (e instanceof TypeError && !cause?.code) return null;
      failures.push(`${label}: network error ${String(e)} ${cause?.code ?? ''}`);
      return null;
    }
    const text = method === 'HEAD' ? '' : await res.text();
    stats.set(res.status, (stats.get(res.status) ?? 0) + 1);
    const pathname = new URL(`${base}${path}`).pathname;
    const isGraphQL = pathname === '/graphql';
    const type = res.headers.get('content-type') ?? '';
    let json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
    try {
      if (isGraphQL && /^(text\/event-stream|multipart\/mixed)/.test(type)) {
        // GraphQL over SSE / incremental delivery: every JSON payload carried, errors merged.
        const payloads = [...text.matchAll(/^(?:data: )?(\{.*\})\s*$/gm)].map((m) => JSON.parse(m[1]!));
        json = { errors: payloads.flatMap((p) => p.errors ?? []), data: payloads.find((p) => p.data)?.data };
        if (payloads.length === 0 && res.status >= 400) json = undefined;
      } else json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    remember(
      `${path} ${body ?? ''} ${res.status === 201 || path.startsWith('/graphql') ? text.slice(0, 2000) : ''}`,
      `#${i} ${method} ${path.slice(0, 80)} ${(body ?? '').slice(0, 300)} -> ${res.status} ${text.slice(0, 300)}`,
    );
    const requestId = res.headers.get('x-request-id');
    if (!requestId) failures.push(`${label}: no X-Request-Id`);
    if (res.status >= 500) failures.push(`${label}: status ${res.status} ${text.slice(0, 300)}`);
    if (res.status >= 400 && text.includes('internal_error')) failures.push(`${label}: internal_error ${text.slice(0, 300)}`);
    if (!/^(text\/html|text\/css|application\/javascript|text\/javascript)/.test(type) && /(\\n|\n)\s+at |node_modules\/|\.ts:\d+:\d+/.test(text))
      failures.push(`${label}: leaks a stack ${text.slice(0, 300)}`);
    if (isGraphQL && json && typeof json === 'object' && Array.isArray(json.errors)) {
      for (const err of json.errors) {
        const code = err?.extensions?.code;
        if (!(code in ERROR_STATUS) || code === 'internal_error')
          failures.push(`${label}: GraphQL error without a contract code ${JSON.stringify(err).slice(0, 300)}`);
      }
    } else if (res.status >= 400 && method !== 'HEAD') {
      const jsonAnswer = type.startsWith('application/json');
      const onApi = pathname === '/v1' || pathname.startsWith('/v1/') || isGraphQL;
      if (jsonAnswer || onApi) {
        const code = json?.error?.code;
        if (!(code in ERROR_STATUS)) failures.push(`${label}: error without a contract code ${res.status} ${text.slice(0, 300)}`);
        else if (ERROR_STATUS[code] !== res.status) failures.push(`${label}: ${code} with status ${res.status}`);
        else if (json.error.request_id !== requestId) failures.push(`${label}: request_id ${json.error.request_id} != header ${requestId}`);
      }
    }
    return { status: res.status, json, text };
  };
}
