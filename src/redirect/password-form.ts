import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config/env.js';
import type { Clock } from '../domain/clock.js';
import { LskError } from '../domain/errors.js';
import { tagErrorCode } from '../observability/request-tags.js';
import { checkPassword } from '../services/link-password.js';
import { readForm } from './form-body.js';
import { decide } from './link-rules.js';
import { passwordPage, sendPage, TOO_MANY_TRIES_PAGE } from './pages.js';
import type { RedirectHandler } from './redirect-handler.js';
import { WrongTries } from './wrong-tries.js';

const FORM_PROBLEMS = {
  unsupported_media_type: 'Send the form as application/x-www-form-urlencoded.',
  payload_too_large: 'The form is too large.',
  request_timeout: 'The form did not arrive in time.',
} as const;

/**
 * Step 2 of a redirect: the password form of a protected link (GET), and its POST: the right
 * password redirects (steps 3-6) and counts a click, a wrong one answers 401 with the form again,
 * and an 11th try within a minute from one client address answers 429 without checking.
 */
export class PasswordForm {
  private readonly tries = new WrongTries(10, 60_000);

  constructor(
    private readonly redirects: RedirectHandler,
    private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  show(req: IncomingMessage, res: ServerResponse, requestId: string, wrong = false): undefined {
    if (wrong) tagErrorCode(res, 'invalid_credentials');
    sendPage(res, wrong ? 401 : 200, passwordPage(req.url ?? '/', wrong), req.method === 'HEAD', requestId);
    return undefined;
  }

  async post(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> {
    const now = this.clock.now().getTime();
    const found = this.redirects.lookup(req, now);
    const link = found === null || !('then' in found) ? found : await found;
    if (link === null) return this.redirects.notFound(req, res, requestId);
    const d = decide(link, now);
    if (d.kind === 'expired') return this.redirects.expired(req, res, requestId, d.to, link.noindex);
    if (d.kind === 'go' || link.passwordHash === null) {
      throw new LskError('method_not_allowed', 'POST is allowed only on password-protected links.', { headers: { allow: 'GET, HEAD' } });
    }
    const key = `${link.id}|${this.redirects.clientOf(req)}`;
    const wait = this.tries.blockedFor(key, now);
    if (wait > 0) {
      tagErrorCode(res, 'rate_limited');
      return sendPage(res, 429, TOO_MANY_TRIES_PAGE, false, requestId, { 'retry-after': String(wait) });
    }
    // Counted before the (slow) check, so concurrent tries cannot pass the limit; a right one is taken back.
    this.tries.wrong(key, now);
    const body = await readForm(req, this.config.bodyTimeoutMs);
    if ('problem' in body) throw new LskError(body.problem, FORM_PROBLEMS[body.problem]);
    const password = body.fields.get('password');
    const right = password !== null && password.length <= 512 && (await checkPassword(password, link.passwordHash));
    if (!right) return this.show(req, res, requestId, true);
    this.tries.forgive(key);
    const country = this.redirects.country(req);
    const { to, facts } = this.redirects.visitTarget(req, link, now, country);
    this.redirects.go(req, res, requestId, link, to, now, country, 302, facts);
  }
}
