import { isIP } from 'node:net';

/**
 * IP addresses and CIDR blocks as 32-bit words (one for IPv4, four for IPv6), so that a block test is
 * a few integer operations: link rules compile their `ip` lists into these once (src/redirect/rules),
 * and the visitor's address is parsed once per request.
 */
export interface IpWords {
  v: 4 | 6;
  words: number[];
}

export interface CidrBlock extends IpWords {
  /** Per word: the bits of the prefix. */
  masks: number[];
}

/** A dotted-quad IPv4 address (checked by isIP first) as one word: its digits read in one pass, nothing split. */
function v4Words(ip: string): number[] {
  let word = 0;
  let part = 0;
  for (let i = 0; i < ip.length; i++) {
    const c = ip.charCodeAt(i);
    if (c === 46) {
      word = (word << 8) | part;
      part = 0;
    } else part = part * 10 + (c - 48);
  }
  return [((word << 8) | part) >>> 0];
}

function hexGroups(part: string): number[] {
  return part === '' ? [] : part.split(':').map((h) => Number.parseInt(h, 16));
}

function v6Words(ip: string): number[] {
  let text = ip;
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    // An IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) as its two hex groups.
    const w = v4Words(text.slice(lastColon + 1))[0]!;
    text = `${text.slice(0, lastColon + 1)}${(w >>> 16).toString(16)}:${(w & 0xffff).toString(16)}`;
  }
  const gap = text.indexOf('::');
  let groups: number[];
  if (gap >= 0) {
    const head = hexGroups(text.slice(0, gap));
    const rest = hexGroups(text.slice(gap + 2));
    groups = [...head, ...new Array<number>(8 - head.length - rest.length).fill(0), ...rest];
  } else groups = hexGroups(text);
  const words: number[] = [];
  for (let i = 0; i < 8; i += 2) words.push(((groups[i]! << 16) | groups[i + 1]!) >>> 0);
  return words;
}

/** An address (IPv4, IPv6, IPv4-mapped IPv6 read as IPv4, zone ids dropped), or null when it is none. */
export function parseIp(input: string): IpWords | null {
  const ip = input.includes('%') ? input.slice(0, input.indexOf('%')) : input;
  const kind = isIP(ip);
  if (kind === 4) return { v: 4, words: v4Words(ip) };
  if (kind !== 6) return null;
  const lower = ip.toLowerCase();
  if (lower.startsWith('::ffff:') && isIP(lower.slice(7)) === 4) return { v: 4, words: v4Words(lower.slice(7)) };
  return { v: 6, words: v6Words(lower) };
}

function masksOf(bits: number, count: number): number[] {
  const masks: number[] = [];
  for (let i = 0; i < count; i++) {
    const b = Math.max(0, Math.min(32, bits - 32 * i));
    masks.push(b === 0 ? 0 : (0xffffffff << (32 - b)) >>> 0);
  }
  return masks;
}

/** `10.0.0.0/8`, `2001:db8::/32`, or a single address (a /32 or /128 block); null when it is none. */
export function parseCidr(input: string): CidrBlock | null {
  if (input.length > 64) return null;
  const slash = input.indexOf('/');
  const ip = parseIp(slash >= 0 ? input.slice(0, slash) : input);
  if (ip === null || input.includes('%')) return null;
  // IPv4-mapped IPv6 blocks are written in IPv6 prefix lengths: refuse them rather than guess.
  if (ip.v === 4 && isIP(slash >= 0 ? input.slice(0, slash) : input) === 6) return null;
  const max = ip.v === 4 ? 32 : 128;
  let bits = max;
  if (slash >= 0) {
    const text = input.slice(slash + 1);
    if (!/^\d{1,3}$/.test(text)) return null;
    bits = Number(text);
    if (bits > max) return null;
  }
  const masks = masksOf(bits, ip.words.length);
  return { v: ip.v, words: ip.words.map((w, i) => (w & masks[i]!) >>> 0), masks };
}

/** Whether the address lies in the block. */
export function inBlock(ip: IpWords, block: CidrBlock): boolean {
  if (ip.v !== block.v) return false;
  const { words, masks } = block;
  for (let i = 0; i < words.length; i++) if ((ip.words[i]! & masks[i]!) >>> 0 !== words[i]) return false;
  return true;
}
