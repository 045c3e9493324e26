import type { Role } from '../../domain/accounts.js';
import type { MailMessage } from './mailer.js';

/** The words of every email lsk sends (plain text: nothing to render, nothing loaded from elsewhere). */

const SIGNATURE = '\n\n-- \nlsk';
const IGNORE = "If this was not you, sign in and change your password, or tell your workspace's owner.";

const device = (browser: string | null, os: string | null) => [browser ?? 'an unknown browser', os ? `on ${os}` : ''].filter(Boolean).join(' ');

export function inviteMail(to: string, workspace: string, role: Role, url: string, expiresAt: Date): MailMessage {
  return {
    to,
    subject: `You are invited to ${workspace} on lsk`,
    text:
      `You have been invited to join the workspace "${workspace}" on lsk as ${role}.\n\n` +
      `Accept the invite (the link works until ${expiresAt.toISOString()}):\n${url}\n\n` +
      `If you did not expect this invite, ignore this email.${SIGNATURE}`,
  };
}

export function passwordResetMail(to: string, url: string): MailMessage {
  return {
    to,
    subject: 'Reset your lsk password',
    text:
      `Someone asked to reset the password of your lsk account.\n\nSet a new password (the link works once, for 24 hours):\n${url}\n\n` +
      `If you did not ask for this, ignore this email: your password stays as it is.${SIGNATURE}`,
  };
}

export function newSignInMail(to: string, at: Date, browser: string | null, os: string | null, accountUrl: string): MailMessage {
  return {
    to,
    subject: 'New sign-in to your lsk account',
    text:
      `Your lsk account was signed in to from a browser it had not seen: ${device(browser, os)}, at ${at.toISOString()}.\n\n` +
      `If this was you, there is nothing to do. ${IGNORE} You can see and end your sessions at:\n${accountUrl}${SIGNATURE}`,
  };
}

export function twoFactorMail(to: string, on: boolean, at: Date): MailMessage {
  return {
    to,
    subject: on ? 'Two-factor sign-in is on for your lsk account' : 'Two-factor sign-in was turned off for your lsk account',
    text: on
      ? `Two-factor sign-in with an authenticator app was turned on for your lsk account at ${at.toISOString()}. Keep your recovery codes somewhere safe.${SIGNATURE}`
      : `Two-factor sign-in with an authenticator app was turned off for your lsk account at ${at.toISOString()}.\n\n${IGNORE}${SIGNATURE}`,
  };
}

export function passkeyMail(to: string, added: boolean, at: Date): MailMessage {
  return {
    to,
    subject: added ? 'A passkey was added to your lsk account' : 'A passkey was removed from your lsk account',
    text: `A passkey was ${added ? 'added to' : 'removed from'} your lsk account at ${at.toISOString()}.\n\n${IGNORE}${SIGNATURE}`,
  };
}
