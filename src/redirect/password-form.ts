import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config/env.js';
import { LskError } from '../domain/errors.js';
import { verifyPassword } from '../domain/passwords.js';
import { tagErrorCode } from '../observability/request-tags.js';
import { readForm } from './form-body.js';
import { passwordPage, sendPage, TOO_MANY_TRIES_PAGE } from './pages.js';
import { WrongTries } from './wrong-tries.js';

const FORM_PROBLEMS = {
  unsupported_media_type: 'Send the form as application/x-www-form-urlencoded.',
  payload_too_large: 'The form is too large.',
  request_timeout: 'The form did not arrive in time.',
} as const;

/** A link with a password: its id (tries are counted per link and client) and its hash. */
export interface ProtectedLink {
  id: string;
  passwordHash: string;
}

/** What a POSTed password came to: 'right', or 'answered' (the form again, or 429). */
export type PasswordVerdict = 'right' | 'answered';

/**
 * Step 2 of a redirect: the password form of a protected link (GET), and the check of its POST: the
 * right password is the caller's to redirect (steps 3-6, a click counted), a wrong one answers 401
 * with the form again, and an 11th try within a minute from one client address answers 429
 * without checking.
 */
export class PasswordForm {
  private readonly tries = new WrongTries(10, 60_000);

  constructor(private readonly config: Config) {}

  show(req: IncomingMessage, res: ServerResponse, requestId: string, wrong = false): undefined {
    if (wrong) tagErrorCode(res, 'invalid_credentials');
    sendPage(res, wrong ? 401 : 200, passwordPage(req.url ?? '/', wrong), req.method === 'HEAD', requestId);
    return undefined;
  }

  /**
   * Checks the POSTed password of a protected link. A wrong one, an 11th try within a minute or a
   * bad form is answered here (401 with the form again, 429, or an error thrown); 'right' leaves
   * the answer (the redirect and its click) to the caller.
   */
  async check(req: IncomingMessage, res: ServerResponse, requestId: string, link: ProtectedLink, client: string, now: number): Promise<PasswordVerdict> {
    const key = `${link.id}|${client}`;
    const wait = this.tries.blockedFor(key, now);
    if (wait > 0) {
      tagErrorCode(res, 'rate_limited');
      sendPage(res, 429, TOO_MANY_TRIES_PAGE, false, requestId, { 'retry-after': String(wait) });
      return 'answered';
    }
    // Counted before the (slow) check, so concurrent tries cannot pass the limit; a right one is taken back.
    this.tries.wrong(key, now);
    const body = await readForm(req, this.config.bodyTimeoutMs);
    if ('problem' in body) throw new LskError(body.problem, FORM_PROBLEMS[body.problem]);
    const password = body.fields.get('password');
    const right = password !== null && password.length <= 512 && (await verifyPassword(password, link.passwordHash));
    if (!right) {
      this.show(req, res, requestId, true);
      return 'answered';
    }
    this.tries.forgive(key);
    return 'right';
  }
}
