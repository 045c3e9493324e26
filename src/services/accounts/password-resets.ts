import { createHash } from 'node:crypto';
import { emailKey } from '../../domain/accounts.js';
import type { Clock } from '../../domain/clock.js';
import { actingUser, type ClientInfo, detailOf } from '../../domain/events/account-events.js';
import type { ServiceEvents } from '../../domain/events/service-events.js';
import type { Repositories } from '../../storage/repositories.js';
import type { Mailer } from '../mail/mailer.js';
import { passwordResetMail } from '../mail/messages.js';
import type { AccountService } from './account-service.js';

/** At most one reset email per address per window (more requests are accepted and do nothing). */
export const RESET_WINDOW_MS = 15 * 60_000;

/**
 * Self-service password resets (`POST /auth/password-reset`). The caller is answered before any of
 * the work is done, and the answer is the same whether the email has an account or not, so neither
 * the answer nor its timing says which addresses have accounts. Afterwards, for an account's
 * email and at most once per 15 minutes per address, a one-time password-set link (the same as the
 * CLI's) is emailed. Without SMTP nothing is sent: `lsk user reset-password` prints the link.
 */
export class PasswordResets {
  constructor(
    private readonly repos: Pick<Repositories, 'users' | 'oneTime'>,
    private readonly clock: Clock,
    private readonly accounts: AccountService,
    private readonly mailer: Mailer,
    private readonly events: ServiceEvents,
    private readonly log: { warn(obj: object, msg?: string): void },
  ) {}

  /** Accept a request; the work runs after the caller's answer. */
  request(email: string, client: ClientInfo): void {
    setImmediate(() => {
      this.handle(email, client).catch((e: unknown) => this.log.warn({ err: e }, 'password reset failed'));
    });
  }

  /** The work of one request (awaitable for tests of the service itself). */
  async handle(email: string, client: ClientInfo): Promise<void> {
    const now = this.clock.now().getTime();
    const slot = Math.floor(now / RESET_WINDOW_MS);
    const address = createHash('sha256').update(emailKey(email)).digest('base64url');
    if (!(await this.repos.oneTime.claim(`reset:${address}:${slot}`, new Date((slot + 1) * RESET_WINDOW_MS)))) return;
    const user = await this.repos.users.getByEmail(email);
    if (!user || !this.mailer.enabled) return;
    const url = await this.accounts.newPasswordLink(user.id);
    this.mailer.send(passwordResetMail(user.email, url));
    this.events.emitForUser(actingUser(user, client), 'user.password_reset_requested', user.id, detailOf(user, client));
  }
}
