import type { IncomingMessage, ServerResponse } from 'node:http';

export type Handle = (req: IncomingMessage, res: ServerResponse, url: URL, requestId: string) => void | Promise<void>;

/** A request matched to its route: its metrics label and logged path template, and what answers it. */
export interface Target {
  route: string;
  path: string;
  run: Handle;
}

/** What answers a path no route matches: the label `unmatched`, and the given error. */
export function unmatched(path: string, error: () => Error): Target {
  return {
    route: 'unmatched',
    path,
    run() {
      throw error();
    },
  };
}
