import { type Logger, pino } from 'pino';

/**
 * Field names that never reach a log line with their value, wherever a logged object carries them
 * (at the top or one level down): passwords, secrets, tokens, cookies, one-time codes, challenges,
 * the SMTP URL (it holds credentials) and the OIDC client secret. Nothing logs these on purpose;
 * this catches what an error object or a future log call might carry.
 */
const SECRET_FIELDS = [
  'password',
  'new_password',
  'current_password',
  'secret',
  'token',
  'key',
  'recovery_codes',
  'challenge',
  'authorization',
  'cookie',
  'set-cookie',
  'smtpUrl',
  'clientSecret',
];

export const REDACTED_PATHS = [...SECRET_FIELDS, ...SECRET_FIELDS.map((f) => `*["${f}"]`), 'req.headers.authorization', 'req.headers.cookie'];

/** JSON lines on stdout; `stderr` puts them there instead (the stdio MCP server keeps stdout for the protocol). */
export function createLogger(level: string, to: 'stdout' | 'stderr' = 'stdout'): Logger {
  const options = {
    level,
    base: { service: 'lsk' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  return to === 'stdout' ? pino(options) : pino(options, pino.destination(2));
}
