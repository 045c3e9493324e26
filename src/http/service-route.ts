import type { IncomingMessage, ServerResponse } from 'node:http';

/** A path the service answers itself, ahead of short links. */
export interface ServiceRoute {
  /** The metrics label. */
  label: string;
  /** The path as logged: the route's own, or its template (`/docs/{asset}`). */
  path: string;
  /** Methods answered; any other is 405 with an Allow header. */
  methods: readonly string[];
  handle(req: IncomingMessage, res: ServerResponse, url: URL, requestId: string): void | Promise<void>;
}
