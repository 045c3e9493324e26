import { type Logger, pino } from 'pino';

/** JSON lines on stdout; `stderr` puts them there instead (the stdio MCP server keeps stdout for the protocol). */
export function createLogger(level: string, to: 'stdout' | 'stderr' = 'stdout'): Logger {
  const options = { level, base: { service: 'lsk' }, timestamp: pino.stdTimeFunctions.isoTime };
  return to === 'stdout' ? pino(options) : pino(options, pino.destination(2));
}
