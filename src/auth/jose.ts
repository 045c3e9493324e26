import { deferred } from '../domain/deferred.js';

/**
 * jose (JWT signatures with the keyring's Ed25519 keys): loaded at the server's start
 * (loadDeferred), and by an `lsk` command only when it signs, verifies or makes a key
 * (`key create`, `mcp`, a keyring's first key or rotation), not by `links list` (docs/adr/0238).
 */
export const jose = deferred(() => import('jose'));
