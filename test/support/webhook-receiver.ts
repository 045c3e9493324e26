/**
 * A real webhook receiver on loopback: answers with the statuses it is told (2xx by default) and
 * verifies every request it gets with the reference `standardwebhooks` library, at the time the
 * service believed it was (`now`), so tests that move the service's clock still check the timestamp.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { vi } from 'vitest';

export interface Received {
  id: string;
  timestamp: number;
  signatures: string[];
  body: Record<string, unknown>;
  /** Which of the secrets verified it (by index); empty when none did. */
  verifiedBy: number[];
  headers: IncomingHttpHeaders;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Statuses for the next requests, in order; afterwards 204. */
  answers: number[];
  secrets: string[];
  close(): Promise<void>;
}

function verify(secret: string, body: string, headers: IncomingHttpHeaders, now: Date): boolean {
  vi.useFakeTimers({ toFake: ['Date'], now });
  try {
    new Webhook(secret).verify(body, headers as Record<string, string>);
    return true;
  } catch {
    return false;
  } finally {
    vi.useRealTimers();
  }
}

export async function startReceiver(now: () => Date = () => new Date()): Promise<Receiver> {
  const r: Receiver = { url: '', received: [], answers: [], secrets: [], close: async () => {} };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      r.received.push({
        id: String(req.headers['webhook-id']),
        timestamp: Number(req.headers['webhook-timestamp']),
        signatures: String(req.headers['webhook-signature'] ?? '').split(' '),
        body: JSON.parse(body) as Record<string, unknown>,
        verifiedBy: r.secrets.flatMap((s, i) => (verify(s, body, req.headers, now()) ? [i] : [])),
        headers: req.headers,
      });
      res.writeHead(r.answers.shift() ?? 204);
      res.end('x'.repeat(10_000));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  r.url = `http://127.0.0.1:${port}/hook`;
  r.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return r;
}
