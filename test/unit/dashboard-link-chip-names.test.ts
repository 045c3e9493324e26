/**
 * A link filter chip names the link as the Links panel does (docs/adr/0236): its title, the short URL
 * beside it in what the chip says; a link without a title, its short URL; an id the API does not
 * know, "Unknown link"; an id no answer named, the id.
 */
import { describe, expect, it } from 'vitest';
import {
  bareShortUrl,
  linkChipName,
  linkLabel,
  linkName,
  linkNamed,
  onLinksNamed,
  rememberLink,
  rememberUnknownLink,
} from '../../dashboard/src/analytics/link-labels.js';

describe('link chip names', () => {
  it('shows the title and says it with the short URL; without a title, the short URL', () => {
    rememberLink('lnk_a', 'https://go.example.com/spring', 'Spring sale');
    expect(linkChipName('lnk_a')).toEqual({ shown: 'Spring sale', said: 'Spring sale · go.example.com/spring' });
    expect(linkLabel('lnk_a')).toBe('go.example.com/spring');
    rememberLink('lnk_b', 'http://go.example.com/plain', null);
    expect(linkChipName('lnk_b')).toEqual({ shown: 'go.example.com/plain', said: 'go.example.com/plain' });
    rememberLink('lnk_c', 'go.example.com/blank', '   ');
    expect(linkChipName('lnk_c').shown).toBe('go.example.com/blank');
  });

  it('names a titled link one way everywhere: its title, a middle dot, its short URL; an untitled one by its short URL', () => {
    expect(linkName('go.example.com/spring', 'Spring sale, Berlin')).toBe('Spring sale, Berlin · go.example.com/spring');
    expect(linkName('go.example.com/spring', '  Spring  ')).toBe('Spring · go.example.com/spring');
    expect(linkName('go.example.com/spring', null)).toBe('go.example.com/spring');
    expect(linkName('go.example.com/spring', ' ')).toBe('go.example.com/spring');
    expect(bareShortUrl('http://localhost:18999/promo-13')).toBe('localhost:18999/promo-13');
    expect(bareShortUrl('https://go.example.com/https://x')).toBe('go.example.com/https://x');
  });

  it('keeps a title an answer did not ask for, and forgets one the link no longer has', () => {
    rememberLink('lnk_d', 'go.example.com/d', 'Dee');
    rememberLink('lnk_d', 'go.example.com/d', undefined);
    expect(linkChipName('lnk_d').shown).toBe('Dee');
    rememberLink('lnk_d', 'go.example.com/d', null);
    expect(linkChipName('lnk_d').shown).toBe('go.example.com/d');
  });

  it('reads an id the API does not know as Unknown link, and one nobody named as its id', () => {
    rememberUnknownLink('lnk_gone');
    expect(linkChipName('lnk_gone')).toEqual({ shown: 'Unknown link', said: 'Unknown link' });
    expect(linkNamed('lnk_gone')).toBe(true);
    expect(linkChipName('lnk_never').shown).toBe('lnk_never');
    expect(linkNamed('lnk_never')).toBe(false);
  });

  it('tells listeners once per task when answers name links anew, and not for a name it had (a shared page waits for them)', async () => {
    let calls = 0;
    const stop = onLinksNamed(() => calls++);
    rememberLink('lnk_c', 'https://go.example.com/c', 'C');
    rememberLink('lnk_d', 'https://go.example.com/d');
    await Promise.resolve();
    expect(calls).toBe(1);
    rememberLink('lnk_c', 'https://go.example.com/c', 'C');
    rememberLink('lnk_d', 'https://go.example.com/d', undefined);
    await Promise.resolve();
    expect(calls).toBe(1);
    rememberLink('lnk_c', 'https://go.example.com/c', 'C renamed');
    await Promise.resolve();
    expect(calls).toBe(2);
    stop();
    rememberLink('lnk_e', 'https://go.example.com/e');
    await Promise.resolve();
    expect(calls).toBe(2);
  });
});
