/** A setting that is missing or invalid: the start (or an lsk command) stops with exit status 2. */
export class ConfigError extends Error {}
