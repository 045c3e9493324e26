import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What the edge knows about a request once it has matched its route: the metrics label, the path
 * TEMPLATE that the request log shows (never the raw path or query string, which may carry personal
 * data), its id, and the error code of its answer. Set at match time, so a request refused later
 * (401, 400...) keeps its route.
 */
export interface RequestTags {
  /** The metrics label: a service route (`healthz`), a REST operationId (`createLink`), `graphql`, `redirect`... */
  route: string;
  /** The path template, e.g. `/v1/links/{id}`. */
  path: string;
  requestId: string;
  /** The contract's code when the answer is an error. */
  errorCode?: string;
}

const TAGS = Symbol('lsk.requestTags');

type Tagged = { [TAGS]?: RequestTags };

/** Attach the tags to a request and its response (both reach the log serializers). */
export function tagRequest(req: IncomingMessage, res: ServerResponse, tags: RequestTags): RequestTags {
  (req as Tagged)[TAGS] = tags;
  (res as Tagged)[TAGS] = tags;
  return tags;
}

export function tagsOf(message: IncomingMessage | ServerResponse): RequestTags | undefined {
  return (message as Tagged)[TAGS];
}

/** Note the error code an answer carries (for the request log); nothing when the request is not observed. */
export function tagErrorCode(res: ServerResponse, code: string): void {
  const tags = (res as Tagged)[TAGS];
  if (tags) tags.errorCode = code;
}
