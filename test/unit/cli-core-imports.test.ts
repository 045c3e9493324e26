/**
 * What a store command of `lsk` loads (docs/adr/0238): the services' core (src/wiring/core-wiring.ts),
 * which the CLI opens for its workspace, key, domain, link and import commands. It holds what those
 * services emit into (events, the audit recorder, the webhooks' outbox, link changes, destination
 * health) and must not reach the rest of the server's graph: the redirects and their click
 * recording, accounts, analytics, scheduled reports, the webhook worker, the health checker, nor
 * jose, which the keyring and the key service load when they first sign or verify (src/auth/jose.ts).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closure, SRC } from '../support/static-imports.js';

describe('the services core an lsk store command builds', () => {
  const { files, packages } = closure(join(SRC, 'wiring/core-wiring.ts'));

  it('holds the services the commands call and what they emit into', () => {
    for (const f of [
      'services/link-service.ts',
      'services/bulk-links.ts',
      'services/workspace-service.ts',
      'auth/api-keys.ts',
      'services/audit/audit-recorder.ts',
      'webhooks/outbox.ts',
      'health/health-service.ts',
      'abuse/abuse.ts',
    ]) {
      expect(files).toContain(f);
    }
  });

  it('does not reach the rest of the server wiring', () => {
    const rest = [...files].filter((f) =>
      /^(wiring\/build-(services|accounts)|redirect\/|services\/accounts\/(?!directory)|services\/analytics\/|services\/scheduled-reports\/|webhooks\/(worker|service|wiring)|health\/(checker|health-wiring)|email\/|limits\/(rate-limit|shared-rate-limit|field-limits))/.test(
        f,
      ),
    );
    expect(rest).toEqual([]);
    for (const p of ['jose', 'isbot', 'bowser', 'otplib', 'nodemailer', '@simplewebauthn/server', 'maxmind', 'openid-client'])
      expect(packages).not.toContain(p);
  });
});
