import type { Config } from '../config/env.js';
import type { Clock } from '../domain/clock.js';
import type { ServiceEvents } from '../domain/events/service-events.js';
import { SmtpMailer } from '../email/smtp-mailer.js';
import { AccountService } from '../services/accounts/account-service.js';
import { Challenges } from '../services/accounts/challenges.js';
import { MemberService } from '../services/accounts/member-service.js';
import { OidcService } from '../services/accounts/oidc-service.js';
import { PasskeyService } from '../services/accounts/passkey-service.js';
import { PasswordResets } from '../services/accounts/password-resets.js';
import { SessionService } from '../services/accounts/session-service.js';
import { SignInService } from '../services/accounts/sign-in-service.js';
import { SignInThrottle } from '../services/accounts/sign-in-throttle.js';
import { TwoFactorService } from '../services/accounts/two-factor-service.js';
import { accountMail } from '../services/mail/account-mail.js';
import { type Mailer, NO_MAIL } from '../services/mail/mailer.js';
import type { Repositories } from '../storage/repositories.js';

export interface ServiceLog {
  warn(obj: object, msg?: string): void;
  info?(obj: object, msg?: string): void;
}

/**
 * The account services, wired together (part of Services; see all-services.ts for what each does).
 * They emit on the services' one event bus; the account emails subscribe to it here.
 */
export function buildAccounts(repos: Repositories, clock: Clock, config: Config, log: ServiceLog, events: ServiceEvents) {
  const { publicUrl } = config;
  const mailer: Mailer = config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.smtpFrom, log) : NO_MAIL;
  events.subscribe(accountMail(mailer, publicUrl));
  const throttle = new SignInThrottle(repos.counters, clock);
  const challenges = new Challenges(repos.oneTime, clock);
  const accounts = new AccountService(repos, clock, throttle, publicUrl, events);
  const members = new MemberService(repos, clock, publicUrl, events, mailer);
  const twoFactor = new TwoFactorService(repos, clock, events, publicUrl);
  const passkeys = new PasskeyService(repos, clock, challenges, events, publicUrl);
  return {
    mailer,
    accounts,
    members,
    twoFactor,
    passkeys,
    sessions: new SessionService(repos, clock, events),
    signIn: new SignInService(repos, accounts, twoFactor, passkeys, challenges, throttle, events),
    passwordResets: new PasswordResets(repos, clock, accounts, mailer, events, log),
    oidc: config.oidc ? new OidcService(config.oidc, repos, challenges, accounts, members, publicUrl) : null,
  };
}

export type AccountServices = ReturnType<typeof buildAccounts>;
