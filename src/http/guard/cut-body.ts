import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** How long a client still sending a refused body has to read the answer before the connection is cut. */
const LINGER_MS = 500;

/**
 * Whether the request still has body bytes on the way that nobody read (a refused body, or one a
 * route does not take). node:http would read and discard all of it to keep the connection alive,
 * however large it is, so such an answer closes the connection instead (see `cutAfterAnswer`).
 */
export function hasUnreadBody(req: IncomingMessage): boolean {
  return !req.complete && (req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0);
}

/**
 * Close the connection once the answer (sent with `Connection: close`) is out, reading no more of
 * the body. node:http ends such a connection by `destroySoon`, which would read on until the answer
 * is flushed and then reset a connection whose client is still sending, and a reset can discard the
 * answer before the client reads it. Instead: the answer and our FIN go out, reading stops (from the
 * next turn: node resumes the dumped request in this one), and the socket is destroyed `LINGER_MS`
 * later, by when the client has read the answer.
 */
export function cutAfterAnswer(req: IncomingMessage): void {
  const socket = req.socket as Socket;
  socket.destroySoon = function lingerThenDestroy(this: Socket) {
    this.end();
    setImmediate(() => this.pause());
    setTimeout(() => this.destroy(), LINGER_MS).unref();
  };
}
