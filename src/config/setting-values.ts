import { isIP } from 'node:net';
import { z } from 'zod';

// The kinds of value the environment's settings take, each with its one-line complaint (env.ts names the settings).

/** A whole number from `min` to `max`; unset or empty is `def`. */
export const intFrom = (def: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return def;
      if (!/^\d+$/.test(v)) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return Number(v);
    })
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/** An HTTP header name, lower-cased (as node:http gives them), or unset. */
export const headerName = () =>
  z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'must be an HTTP header name')
    .optional()
    .transform((v) => v?.toLowerCase());

/** An absolute http or https URL, or unset. */
export const httpUrl = () => z.url({ protocol: /^https?$/, error: 'must be an absolute http or https URL' }).optional();

/** Text of at most `max` characters; empty is unset. */
export const textUpTo = (max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

/** Text that `pattern` matches, else `message`; empty is unset. */
export const matching = (pattern: RegExp, message: string) =>
  z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || pattern.test(v), message);

/** `true`, `false`, or CIDR blocks (`10.20.0.0/16, fd00::/8`) the health checker may reach although private. */
export const allowPrivateSchema = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const text = (v ?? '').trim();
    if (text === '' || text === 'false') return { all: false, ranges: [] as [string, number, 'ipv4' | 'ipv6'][] };
    if (text === 'true') return { all: true, ranges: [] };
    const ranges: [string, number, 'ipv4' | 'ipv6'][] = [];
    for (const item of text.split(',').map((s) => s.trim())) {
      const m = /^([0-9.]+|[0-9a-fA-F:]+)(?:\/(\d{1,3}))?$/.exec(item);
      const family = m && isIP(m[1]!);
      const bits = m?.[2] === undefined ? (family === 6 ? 128 : 32) : Number(m[2]);
      if (!m || !family || bits > (family === 6 ? 128 : 32)) {
        ctx.addIssue({ code: 'custom', message: `must be true, false or a comma-separated list of CIDR blocks (e.g. 10.20.0.0/16), not "${item}"` });
        return z.NEVER;
      }
      ranges.push([m[1]!, bits, family === 6 ? 'ipv6' : 'ipv4']);
    }
    return { all: false, ranges };
  });

/** Hours, decimals allowed (0.001 is 3.6 s); 0 turns checks off. */
export const hoursSchema = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === '') return 24;
    if (!/^\d{1,6}(\.\d{1,6})?$/.test(v.trim())) {
      ctx.addIssue({ code: 'custom', message: 'must be a number of hours from 0 (off) to 100000, decimals allowed (e.g. 0.5)' });
      return z.NEVER;
    }
    const h = Number(v);
    if (h > 100_000 || (h > 0 && h * 3_600_000 < 1000)) {
      ctx.addIssue({ code: 'custom', message: 'must be 0 (off) or from 0.0003 (about 1 s) to 100000 hours' });
      return z.NEVER;
    }
    return h;
  });
