/**
 * The link form's share card names the short URL the link will have as the service writes it
 * (src/domain/field-rules.ts `shortUrl`): a self-hosted default domain on localhost answers over
 * http, so the card must not promise https there; any other domain is https.
 */
import { describe, expect, it } from 'vitest';
import { draftShortUrl } from '../../dashboard/src/links/draft-short-url.js';

describe("the link form's short URL", () => {
  it('is http on a loopback default domain, https elsewhere', () => {
    expect(draftShortUrl({ domain: '', alias: 'spring' }, 'localhost:18999')).toBe('http://localhost:18999/spring');
    expect(draftShortUrl({ domain: '', alias: 'spring' }, '127.0.0.1:8080')).toBe('http://127.0.0.1:8080/spring');
    expect(draftShortUrl({ domain: '', alias: 'spring' }, 'go.example.com')).toBe('https://go.example.com/spring');
    expect(draftShortUrl({ domain: 'links.example.org', alias: 'a/b' }, 'localhost:18999')).toBe('https://links.example.org/a/b');
  });

  it('holds a place for what is not known yet: the alias left empty, the default domain before the API answers', () => {
    expect(draftShortUrl({ domain: '', alias: ' ' }, 'go.example.com')).toBe('https://go.example.com/alias');
    expect(draftShortUrl({ domain: '', alias: 'spring' }, undefined)).toBe('https://your-domain/spring');
  });
});
