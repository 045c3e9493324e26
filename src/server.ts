// First: an old Node stops here with one line, before the native SQLite module loads.
import './startup/node-check.js';
import { createServer, type Server } from 'node:http';
import { loadDeferred } from './domain/deferred.js';
import { createApp } from './http/app.js';
import { clientErrorAnswer, serverOptions } from './http/guard/transport.js';
import { createLogger } from './logger.js';
import { mcpRoute } from './mcp/http-route.js';
import { databaseFailure } from './startup/database.js';
import { failStartup } from './startup/failure.js';
import { loadCityDatabase, loadCountryDatabase } from './startup/geo.js';
import { listen } from './startup/listen.js';
import { readSettings } from './startup/settings.js';
import { startLine } from './startup/start-line.js';
import { buildServices } from './wiring/build-services.js';

/**
 * Start lsk: settings (environment + the project's .env) -> store -> services -> HTTP. Every
 * start-up failure is one line on stderr and a non-zero exit. Stops gracefully on SIGTERM / SIGINT.
 */
async function main(): Promise<void> {
  const config = readSettings();
  const log = createLogger(config.logLevel);
  const services = await buildServices(config, { log }).catch((e: unknown) => {
    throw databaseFailure(e, config.databaseUrl);
  });
  // The libraries `lsk` commands load only when needed are loaded now, before the first request.
  await loadDeferred();
  loadCountryDatabase(services.geo, config.geoipDb);
  loadCityDatabase(services.city, config.geoipCityDb);
  // Blocked hosts, disabled links and suspensions are in force before the first request.
  await services.abuse.ready();
  services.abuse.start(
    (workspacesDeleted) => {
      // A workspace deleted elsewhere may be purged already: its links and domains, cached here (for
      // ever on the embedded store), are read again (docs/adr/0177). Other decisions keep the caches.
      if (workspacesDeleted) {
        services.redirects.cache.clear();
        services.redirects.sites.clear();
      }
      log.info('abuse decisions re-read (blocked hosts, disabled links, suspended and deleted workspaces)');
    },
    (e) => log.warn({ err: e }, 'reading the abuse decisions failed; the ones read before stay in force'),
  );
  services.clicks.start();
  services.webhooks.start();
  services.auditRecorder.start();
  // A purge of a deleted workspace cut short (a crash, a restart) goes on (docs/adr/0177).
  services.workspacePurge.run().catch((e: unknown) => log.warn({ err: e }, 'purging deleted workspaces failed; the next sweep goes on'));
  services.health.checker.start();
  if (config.healthIntervalMs > 0) {
    // Links from before health checks existed get their first check scheduled (once per store).
    void services.health.service
      .backfill()
      .then((n) => n > 0 && log.info({ links: n }, 'health checks scheduled for existing links'))
      .catch((e: unknown) => log.warn({ err: e }, 'scheduling health checks for existing links failed; retried at the next start'));
  }
  const app = await createApp(services, log, { mounts: [mcpRoute] });
  const server: Server = createServer(serverOptions(config), app.handle);
  server.on('clientError', clientErrorAnswer(config));

  const logFailedSweeps = (failed: { what: string; error: unknown }[]) => {
    for (const { what, error } of failed) log.warn({ err: error }, `${what} sweep failed`);
  };
  const timers = [
    setInterval(() => void services.keys.flushLastUsed().catch((e) => log.warn({ err: e }, 'last-used flush failed')), 30_000),
    setInterval(() => void services.keyring.rotateIfDue().catch((e) => log.warn({ err: e }, 'signing key rotation failed')), 60_000),
    // Ended sessions, expired one-time records, expired invites and audit entries past LSK_AUDIT_DAYS (FerretDB has no TTL index).
    setInterval(() => void services.upkeep.sweep().then(logFailedSweeps), 15 * 60_000),
    // Scheduled analytics reports whose time has come (docs/adr/0219): nothing without SMTP.
    setInterval(() => void services.reportSender.sweep().catch((e) => log.warn({ err: e }, 'scheduled reports sweep failed')), 60_000),
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
        services.abuse.stop();
        await services.health.checker.stop();
        await services.clicks.stop();
        await services.webhooks.stop();
        await services.mailer.drain(5000);
        await services.auditRecorder.stop();
        await services.keys.flushLastUsed();
        await services.store.close();
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

  const addr = await listen(server, config.port, config.host);
  log.info({ host: addr.address, port: addr.port, store: services.store.kind, default_domain: config.defaultDomain }, 'lsk listening');
  if (config.startLine) process.stderr.write(`${startLine(config.publicUrl)}\n`);
  if (config.testClockFile)
    log.warn({ file: config.testClockFile }, 'LSK_TEST_CLOCK_FILE is set: the clock is moved by a test file (never do this in production)');
}

main().catch(failStartup);
