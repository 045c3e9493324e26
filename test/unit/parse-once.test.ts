/**
 * A REST body is parsed once: what parseOnce made of a schema is taken as it is by parseOrThrow with
 * the same schema (the service behind the resolver), and parsed anew by any other schema.
 */
import { describe, expect, it, vi } from 'vitest';
import { createLinkSchema, updateLinkSchema } from '../../src/domain/link-schemas.js';
import { parseOnce, parseOrThrow } from '../../src/domain/validate.js';

describe('parseOnce', () => {
  it('hands the service the parsed body without a second parse by the same schema', () => {
    const spy = vi.spyOn(createLinkSchema, 'safeParse');
    try {
      const body = parseOnce(createLinkSchema, { destination: 'https://example.com/a', tags: [' Spring ', 'spring'] });
      expect(spy).toHaveBeenCalledTimes(1);
      expect(parseOrThrow(createLinkSchema, body)).toBe(body);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('parses anew what another schema, or no parseOnce, made', () => {
    const body = parseOnce(updateLinkSchema, { destination: 'https://example.com/b' });
    const spy = vi.spyOn(createLinkSchema, 'safeParse');
    try {
      expect(parseOrThrow(createLinkSchema, body)).not.toBe(body);
      const plain = { destination: 'https://example.com/c' };
      expect(parseOrThrow(createLinkSchema, plain)).not.toBe(plain);
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('refuses bad input with every problem, as parseOrThrow does', () => {
    expect(() => parseOnce(createLinkSchema, { destination: 'ftp://x', bogus: 1 })).toThrow(
      expect.objectContaining({
        code: 'validation_failed',
        details: expect.arrayContaining([expect.objectContaining({ path: 'destination' }), expect.objectContaining({ path: 'bogus' })]),
      }),
    );
  });
});
