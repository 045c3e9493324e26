import { ROLES, type Role } from './scopes.js';
import { displayTextSchema } from './text.js';
import { z } from './zod.js';

/** Plain records of accounts (users, memberships, invites, sessions); adapters map their rows to these. */

export interface User {
  id: string;
  /** As typed at creation; compared through `emailKey`. */
  email: string;
  name: string;
  /** scrypt hash (src/domain/passwords.ts), null until the first password is set. */
  passwordHash: string | null;
  createdAt: Date;
}

export interface Membership {
  workspaceId: string;
  userId: string;
  role: Role;
  createdAt: Date;
}

export interface Invite {
  id: string;
  workspaceId: string;
  email: string;
  role: Role;
  /** SHA-256 of the token in the invite URL (the token itself is shown once). */
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface Session {
  /** SHA-256 of the cookie's token. */
  id: string;
  userId: string;
  createdAt: Date;
  /** Last activity written (at most once per SESSION_TOUCH_MS). */
  seenAt: Date;
  /** The absolute end, whatever the activity. */
  expiresAt: Date;
}

/** A one-time password-set token (CLI links), stored as its SHA-256. */
export interface PasswordToken {
  tokenHash: string;
  userId: string;
  expiresAt: Date;
}

/** Emails compare case-insensitively: the unique key of a user. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an email address');

export const passwordSchema = z.string().min(10, 'must be at least 10 characters').max(256, 'must be at most 256 characters');
export const userNameSchema = displayTextSchema(1, 100);
export const roleSchema = z.enum(ROLES);
export type { Role };
