import { linkTargets, type TargetUrl } from '../domain/destinations.js';
import { LskError } from '../domain/errors.js';
import type { CreateLinkInput, UpdateLinkInput } from '../domain/link-schemas.js';
import type { Link } from '../domain/model.js';
import { hashPassword } from '../domain/passwords.js';
import { StoreConflict } from '../storage/errors.js';
import type { LinkRow } from '../storage/links/repository.js';

/** The behaviour fields of a link (title to device targeting) as stored. */
export type LinkBehaviour = Pick<
  LinkRow,
  'title' | 'externalId' | 'expiresAt' | 'expiredUrl' | 'maxClicks' | 'passwordHash' | 'deviceTargeting' | 'rules' | 'variants' | 'utm' | 'preview'
>;

export const NO_BEHAVIOUR: LinkBehaviour = {
  title: null,
  externalId: null,
  expiresAt: null,
  expiredUrl: null,
  maxClicks: null,
  passwordHash: null,
  deviceTargeting: {},
  rules: null,
  variants: null,
  utm: null,
  preview: null,
};

/**
 * The behaviour fields an input sets (undefined: not given, null: cleared), checked against the
 * clock (`expires_at` must lie in the future) and with the password hashed.
 */
export async function behaviourOf(input: CreateLinkInput | UpdateLinkInput, now: Date): Promise<Partial<LinkBehaviour>> {
  if (input.expires_at && input.expires_at.getTime() <= now.getTime()) {
    throw LskError.validation([{ path: 'expires_at', message: 'must lie in the future' }]);
  }
  const out: Partial<LinkBehaviour> = {};
  if (input.title !== undefined) out.title = input.title;
  if (input.external_id !== undefined) out.externalId = input.external_id;
  if (input.expires_at !== undefined) out.expiresAt = input.expires_at;
  if (input.expired_url !== undefined) out.expiredUrl = input.expired_url;
  if (input.max_clicks !== undefined) out.maxClicks = input.max_clicks;
  if (input.password !== undefined) out.passwordHash = input.password === null ? null : await hashPassword(input.password);
  if (input.device_targeting !== undefined) out.deviceTargeting = input.device_targeting;
  if (input.rules !== undefined) out.rules = input.rules;
  if (input.variants !== undefined) out.variants = input.variants;
  if (input.utm !== undefined) out.utm = input.utm;
  if (input.preview !== undefined) out.preview = input.preview;
  return out;
}

/** A store conflict on the external id as the contract's 409 (anything else is rethrown as it was). */
export function externalIdConflict(e: unknown, externalId: string | null | undefined): unknown {
  if (!(e instanceof StoreConflict) || e.field !== 'external_id') return e;
  return new LskError('external_id_taken', `The external_id "${externalId}" is already used by another link of this workspace.`, {
    details: [{ path: 'external_id', message: 'is already used by another link of this workspace' }],
  });
}

/** The store part of a status filter; `active` and `exhausted` also need each link's clicks (statusOf). */
export function statusFilter(status: Link['status'], now: Date) {
  return { expiredAt: { now, expired: status === 'expired' }, ...(status === 'exhausted' ? { capped: true } : {}) };
}

/** The target URLs an input writes (only the fields it gives): what the blocklist checks. */
export function inputTargets(
  input: Partial<Pick<CreateLinkInput, 'destination' | 'geo_targeting' | 'device_targeting' | 'expired_url' | 'rules' | 'variants'>>,
): TargetUrl[] {
  return linkTargets({
    destination: input.destination,
    geoTargeting: input.geo_targeting,
    deviceTargeting: input.device_targeting,
    expiredUrl: input.expired_url,
    rules: input.rules,
    variants: input.variants,
  });
}
