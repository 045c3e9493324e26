import type { AccountEvent } from '../accounts/account-events.js';
import type { Mailer } from './mailer.js';
import { newSignInMail, passkeyMail, twoFactorMail } from './messages.js';

/** Sign-ins that can come from a new browser (a password just set from a link or an invite is the account's first). */
const NOTIFIED_SIGN_INS: ReadonlySet<string> = new Set(['password', 'passkey', 'oidc']);

/**
 * The account emails, as a subscriber of the account events: a sign-in from a browser the account
 * had not seen, and every change of its second factors. Whatever surface made the change, the owner
 * of the account hears of it.
 */
export function accountMail(mailer: Mailer, publicUrl: string): (e: AccountEvent) => void {
  const accountUrl = `${publicUrl}/dashboard/account`;
  return (e) => {
    if (!mailer.enabled || !e.user) return;
    const to = e.user.email;
    switch (e.action) {
      case 'user.signed_in':
        if (e.newDevice && NOTIFIED_SIGN_INS.has(e.method ?? '')) mailer.send(newSignInMail(to, e.at, e.browser, e.os, accountUrl));
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
