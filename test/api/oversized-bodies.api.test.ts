/**
 * Bodies the service will not read are cut, not drained: a body over 1 MiB (declared, or chunked
 * without a length) gets 413 and the connection is closed, so the server stops reading it; a body
 * that does not arrive in time gets 408 and the connection is closed at once, on the API and on a
 * protected link's password form alike. Transport only: the store plays no part (SQLite).
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, startLsk } from '../support/server.js';
import { BIG_PLAN, createLink } from './_assert.js';

const BODY_TIMEOUT_MS = 1500;
/** What the client offers to send at most: far more than any socket buffer holds. */
const OFFERED = 256 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'a');

interface Exchange {
  text: string;
  /** Body bytes the server took before it closed the connection. */
  sent: number;
  closed: boolean;
}

/**
 * Send `head`, then body bytes as fast as the server takes them (chunked framing when asked), until
 * the server closes the connection or `OFFERED` bytes are sent; then wait at most `graceMs` for it to close.
 */
function flood(port: number, head: string, chunked: boolean, graceMs: number): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let text = '';
    let sent = 0;
    let closed = false;
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, sent, closed });
    };
    socket.on('data', (d) => (text += d.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      done();
    });
    const frame = chunked ? Buffer.concat([Buffer.from(`${CHUNK.length.toString(16)}\r\n`), CHUNK, Buffer.from('\r\n')]) : CHUNK;
    const pump = () => {
      while (!closed && sent < OFFERED) {
        sent += CHUNK.length;
        if (!socket.write(frame)) return;
      }
      if (!closed) timer = setTimeout(done, graceMs);
    };
    socket.on('drain', pump);
    socket.write(head);
    pump();
  });
}

describe('bodies cut, not drained', () => {
  let lsk: Lsk;
  let key: string;

  beforeAll(async () => {
    lsk = await startLsk('sqlite', { env: { LSK_BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS), LSK_DEFAULT_DOMAIN: 'sho.rt' } });
    key = await lsk.workspace('bodies', BIG_PLAN);
    await createLink(client(lsk.base, key), { destination: 'https://example.com/', alias: 'locked', password: 'open sesame' });
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  const api = (extra: string) => `POST /v1/links HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n${extra}\r\n`;
  const form = (extra: string) => `POST /locked HTTP/1.1\r\nHost: sho.rt\r\nContent-Type: application/x-www-form-urlencoded\r\n${extra}\r\n`;

  for (const [what, head, chunked] of [
    ['a declared 20 GiB API body', () => api(`Content-Length: ${20 * 2 ** 30}\r\n`), false],
    ['a chunked API body without end', () => api('Transfer-Encoding: chunked\r\n'), true],
    ['a declared 20 GiB password form', () => form(`Content-Length: ${20 * 2 ** 30}\r\n`), false],
    ['a chunked password form without end', () => form('Transfer-Encoding: chunked\r\n'), true],
  ] as const) {
    it(`answers ${what} with 413 and closes the connection, reading no further`, async () => {
      const { text, sent, closed } = await flood(lsk.port, head(), chunked, 5000);
      expect(text).toMatch(/^HTTP\/1\.1 413 /);
      expect(text).toMatch(/\r\nconnection: close\r\n/i);
      expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)).error.code).toBe('payload_too_large');
      expect(closed).toBe(true);
      // What the socket buffers on both sides hold, not the 256 MiB offered.
      expect(sent).toBeLessThan(OFFERED / 4);
      expect((await fetch(`${lsk.base}/healthz`)).status).toBe(200);
    });
  }

  it('closes the connection with the 408 of a password form whose body does not arrive in time', async () => {
    const { text, closed } = await slow(lsk.port);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(closed).toBe(true);
  });
});

/** A form body that stops after 9 of 100 bytes: the answer, and whether the server closed within the body timeout and 2 s. */
function slow(port: number): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false });
    }, BODY_TIMEOUT_MS + 2000);
    socket.on('data', (d) => (text += d.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
    socket.write('POST /locked HTTP/1.1\r\nHost: sho.rt\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\npassword=');
  });
}
