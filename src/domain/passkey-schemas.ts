import { passkeyNameSchema } from './second-factor.js';
import { z } from './zod.js';

/**
 * What a browser sends back from a WebAuthn ceremony (the JSON form of a PublicKeyCredential, as
 * @simplewebauthn/browser produces it). Checked for shape and size here; the signatures, origin,
 * challenge and counters are checked by @simplewebauthn/server. Fields browsers add later pass.
 */
const b64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

const common = {
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

export const registrationResponseSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: b64url(8192),
    attestationObject: b64url(65536),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

export const authenticationResponseSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: b64url(8192),
    authenticatorData: b64url(8192),
    // Post-quantum signatures (ML-DSA-87: 4,627 bytes) are large; Chromium's authenticator offers ML-DSA.
    signature: b64url(16384),
    userHandle: z
      .string()
      .max(1024)
      .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url')
      .optional(),
  }),
});

/** POST /auth/passkeys: the registration response and a name for the passkey. */
export const addPasskeySchema = z.strictObject({ response: registrationResponseSchema, name: passkeyNameSchema.optional() });

export type RegistrationResponse = z.output<typeof registrationResponseSchema>;
export type AuthenticationResponse = z.output<typeof authenticationResponseSchema>;
