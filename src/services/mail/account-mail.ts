import type { ServiceEvent } from '../../domain/events/service-events.js';
import type { Mailer } from './mailer.js';
import { newSignInMail, passkeyMail, twoFactorMail } from './messages.js';

/** Sign-ins that can come from a new browser (a password just set from a link or an invite is the account's first). */
const NOTIFIED_SIGN_INS: ReadonlySet<string> = new Set(['password', 'passkey', 'oidc']);

/**
 * The account emails, as a subscriber of the services' events: a sign-in from a browser the account
 * had not seen, and every change of its second factors (the account services' user events, whose
 * detail names the account's email and the browser). Whatever surface made the change, the owner of
 * the account hears of it.
 */
export function accountMail(mailer: Mailer, publicUrl: string): (e: ServiceEvent) => void {
  const accountUrl = `${publicUrl}/dashboard/account`;
  return (e) => {
    if (!mailer.enabled || e.kind !== 'user' || !e.detail) return;
    const d = e.detail;
    const to = d.email;
    switch (e.action) {
      case 'user.signed_in':
        if (d.newDevice && NOTIFIED_SIGN_INS.has(d.method ?? '')) mailer.send(newSignInMail(to, e.at, d.browser, d.os, accountUrl));
        return;
      case 'user.two_factor_enabled':
      case 'user.two_factor_disabled':
        mailer.send(twoFactorMail(to, e.action === 'user.two_factor_enabled', e.at));
        return;
      case 'user.passkey_added':
      case 'user.passkey_removed':
        mailer.send(passkeyMail(to, e.action === 'user.passkey_added', e.at));
        return;
      default:
        return;
    }
  };
}
