import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Config, ConfigError, loadConfig } from './config/env.js';
import { createApp } from './http/app.js';
import { createLogger } from './logger.js';
import { buildServices } from './services/build.js';

/** Start lsk: config -> store -> services -> HTTP. Stops gracefully on SIGTERM / SIGINT. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`lsk: ${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
  const log = createLogger(config.logLevel);
  const services = await buildServices(config, { log });
  services.clicks.start();
  services.geo?.load();
  const app = await createApp(services, log);
  const server: Server = createServer({ keepAliveTimeout: 65_000 }, app.handle);
  server.headersTimeout = 66_000;
  // Requests node:http refuses before lsk sees them (oversized heads, malformed HTTP) still get
  // the contract's JSON error.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 413 : 400;
    const body = JSON.stringify({
      error: tooLarge
        ? { code: 'payload_too_large', message: 'The request headers are too large.', request_id: 'none' }
        : { code: 'validation_failed', message: 'The request is not valid HTTP.', request_id: 'none' },
    });
    socket.end(
      `HTTP/1.1 ${status} ${tooLarge ? 'Payload Too Large' : 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: none\r\nConnection: close\r\n\r\n${body}`,
    );
  });

  const timers = [
    setInterval(() => void services.keys.flushLastUsed().catch((e) => log.warn({ err: e }, 'last-used flush failed')), 30_000),
    setInterval(() => void services.keyring.rotateIfDue().catch((e) => log.warn({ err: e }, 'signing key rotation failed')), 60_000),
  ];
  for (const t of timers) t.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    for (const t of timers) clearInterval(t);
    const force = setTimeout(() => {
      log.warn('in-flight requests did not finish in 10 s; closing connections');
      server.closeAllConnections();
    }, 10_000);
    force.unref();
    server.close(async () => {
      try {
        await services.clicks.stop();
        await services.keys.flushLastUsed();
        await services.repos.close();
      } catch (e) {
        log.error({ err: e }, 'error while closing the store');
      }
      log.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  server.listen(config.port, config.host, () => {
    const addr = server.address() as AddressInfo;
    log.info({ host: addr.address, port: addr.port, store: services.repos.kind, default_domain: config.defaultDomain }, 'lsk listening');
  });
}

main().catch((e: unknown) => {
  process.stderr.write(`lsk: failed to start: ${(e as Error).message}\n`);
  if (process.env.LSK_DEBUG) console.error(e);
  process.exit(1);
});
