import type { Passkey } from '../../domain/second-factor.js';

/** Passkeys (WebAuthn credentials), unique by credential id. */
export interface PasskeysRepository {
  /** StoreConflict('id') when the credential id is registered already. */
  insert(passkey: Passkey): Promise<Passkey>;
  /** A user's passkeys, oldest first. */
  listByUser(userId: string): Promise<Passkey[]>;
  getByCredential(credentialId: string): Promise<Passkey | null>;
  /** False when the user has no passkey with that id. */
  remove(userId: string, id: string): Promise<boolean>;
  /** After a sign-in with it: the authenticator's counter and the time (the counter never moves back). */
  used(id: string, counter: number, at: Date): Promise<void>;
}
