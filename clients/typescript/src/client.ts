/**
 * LskClient: one method per operation of the API (typed by the generated `OperationMethods`, made at
 * load time from the generated `operations` table, so a new operation needs no hand edit), `call()`
 * for any operation by id, `paginate()` over cursor pages, and `graphql()` for typed documents.
 */
import { type LskClientOptions, type RequestOptions, readBody, Transport } from './core.js';
import { type GraphQLErrorItem, LskError } from './errors.js';
import { basePath, type ErrorCode, errorStatus, type OperationId, type OperationMethods, type Operations, operations } from './generated/api.js';

/** A GraphQL document tagged with its result and variables types (compatible with TypedDocumentString). */
export type TypedDocument<TData, TVariables> = (string | string) & { readonly __apiType?: (variables: TVariables) => TData };

/** What `call()` takes: path parameters, query/header parameters (by name) and the body. */
export interface CallArgs<K extends OperationId> {
  path?: Operations[K]['path'];
  params?: Operations[K]['params'];
  body?: Operations[K]['body'];
}

type Page = { data: readonly unknown[]; next_cursor?: string | null };
/** Operations answering `{data, next_cursor}` and taking a `cursor`. */
export type PagedOperationId = {
  [K in OperationId]: Operations[K]['response'] extends Page ? ('cursor' extends keyof Operations[K]['params'] ? K : never) : never;
}[OperationId];
type Item<K extends OperationId> = Operations[K]['response'] extends { data: readonly (infer T)[] } ? T : never;

const queryValue = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v));

/** The generated methods: declared by this interface, installed on the prototype below from the operation table. */
export interface LskClient extends OperationMethods {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above declares the methods installed below.
export class LskClient {
  private readonly t: Transport;
  private readonly base: string;

  constructor(options: LskClientOptions) {
    this.t = new Transport(options);
    this.base = options.baseUrl.replace(/\/+$/, '');
  }

  /** The key in use (the rotated one once the service has sent it). */
  get apiKey(): string {
    return this.t.apiKey;
  }

  /** Any operation by its operationId. Resolves with the answer (undefined for 204); rejects with LskError. */
  async call<K extends OperationId>(id: K, args: CallArgs<K> = {}, o: RequestOptions = {}): Promise<Operations[K]['response']> {
    const [method, template, flags, headerNames = {}, csv = []] = operations[id];
    const pathValues = (args.path ?? {}) as Record<string, unknown>;
    const path = template.replace(/\{([^}]+)\}/g, (_m, name: string) => {
      const v = pathValues[name];
      if (v === undefined || v === null || v === '') throw new TypeError(`${id}: missing path parameter ${name}`);
      return encodeURIComponent(String(v));
    });
    const qs = new URLSearchParams();
    const headers: Record<string, string> = { ...o.headers };
    for (const [name, v] of Object.entries((args.params ?? {}) as Record<string, unknown>)) {
      if (v === undefined || v === null) continue;
      if (name in headerNames) headers[headerNames[name]!] = queryValue(v);
      else if (Array.isArray(v) && csv.includes(name)) qs.append(name, v.map(queryValue).join(','));
      else for (const x of Array.isArray(v) ? v : [v]) qs.append(name, queryValue(x));
    }
    const search = qs.toString();
    const body = /b/i.test(flags) ? JSON.stringify(args.body ?? {}) : undefined;
    const res = await this.t.send(`${this.base}${basePath}${path}${search ? `?${search}` : ''}`, method, body, { ...o, headers });
    return (await readBody(res)) as Operations[K]['response'];
  }

  /** Every item of a paged list, page after page: `for await (const l of lsk.paginate('links', { params: { tag } }))`. */
  async *paginate<K extends PagedOperationId>(id: K, args: CallArgs<K> = {}, o?: RequestOptions): AsyncGenerator<Item<K>> {
    let cursor: string | null | undefined;
    do {
      const params = { ...(args.params as object), ...(cursor ? { cursor } : {}) } as Operations[K]['params'];
      const page = (await this.call(id, { ...args, params }, o)) as Page;
      yield* page.data as Item<K>[];
      cursor = page.next_cursor;
    } while (cursor);
  }

  /**
   * A GraphQL operation on `${baseUrl}/graphql`. Resolves with `data`; a response with errors rejects
   * with an LskError carrying the first error's `extensions.code` (and that code's HTTP status).
   */
  async graphql<TData = Record<string, unknown>, TVariables = Record<string, unknown>>(
    document: TypedDocument<TData, TVariables>,
    variables?: TVariables,
    o: RequestOptions = {},
  ): Promise<TData> {
    const payload = JSON.stringify({ query: String(document), ...(variables ? { variables } : {}) });
    const res = await this.t.send(`${this.base}/graphql`, 'POST', payload, o);
    const body = (await readBody(res)) as { data?: TData; errors?: GraphQLErrorItem[] };
    const first = body?.errors?.[0];
    if (first) {
      const code = first.extensions?.code ?? 'internal_error';
      throw new LskError({
        code,
        message: first.message,
        status: errorStatus[code as ErrorCode] ?? Math.max(res.status, 400),
        details: first.extensions?.details,
        requestId: first.extensions?.request_id ?? res.headers.get('x-request-id'),
      });
    }
    return body.data as TData;
  }
}

/** The positional form of the generated methods: path parameters, body, parameters object, options. */
function invoke(client: LskClient, id: OperationId, args: unknown[]): Promise<unknown> {
  const [, template, flags] = operations[id];
  let i = 0;
  const path: Record<string, unknown> = {};
  for (const m of template.matchAll(/\{([^}]+)\}/g)) path[m[1]!] = args[i++];
  const body = /b/i.test(flags) ? args[i++] : undefined;
  const params = flags.includes('q') ? args[i++] : undefined;
  return client.call(id, { path, params, body } as CallArgs<typeof id>, (args[i] ?? {}) as RequestOptions);
}

for (const id of Object.keys(operations) as OperationId[]) {
  Object.defineProperty(LskClient.prototype, id, {
    configurable: true,
    writable: true,
    value(this: LskClient, ...args: unknown[]) {
      return invoke(this, id, args);
    },
  });
}
