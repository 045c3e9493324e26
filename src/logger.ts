import { type Logger, pino } from 'pino';

export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'lsk' }, timestamp: pino.stdTimeFunctions.isoTime });
}
