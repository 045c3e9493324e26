import { isbot } from 'isbot';

export type Device = 'desktop' | 'mobile' | 'tablet' | 'other';

export interface Visitor {
  device: Device;
  browser: string;
  bot: boolean;
}

const cache = new Map<string, Visitor>();

/** Device class, browser family and bot flag from a User-Agent (a maintained bot list: isbot). */
export function classify(ua: string | undefined): Visitor {
  if (!ua) return { device: 'other', browser: 'other', bot: true };
  const hit = cache.get(ua);
  if (hit) return hit;
  const bot = isbot(ua);
  let device: Device = 'desktop';
  if (/iPad|Tablet|PlayBook|Silk|Kindle|(Android(?!.*Mobile))/i.test(ua)) device = 'tablet';
  else if (/Mobi|iPhone|iPod|Android.*Mobile|Windows Phone|Opera Mini/i.test(ua)) device = 'mobile';
  else if (!/Windows NT|Macintosh|X11|Linux|CrOS/i.test(ua)) device = 'other';
  let browser = 'other';
  if (/Edg(e|A|iOS)?\//.test(ua)) browser = 'edge';
  else if (/OPR\/|Opera/.test(ua)) browser = 'opera';
  else if (/SamsungBrowser\//.test(ua)) browser = 'samsung';
  else if (/Firefox\/|FxiOS\//.test(ua)) browser = 'firefox';
  else if (/Chrome\/|CriOS\/|Chromium\//.test(ua)) browser = 'chrome';
  else if (/Safari\//.test(ua) && /Version\//.test(ua)) browser = 'safari';
  const v: Visitor = { device, browser, bot };
  if (cache.size > 5000) cache.clear();
  cache.set(ua, v);
  return v;
}

/** Host of a Referer header, or null. */
export function referrerHost(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    const host = new URL(referer).hostname;
    return host ? host.toLowerCase().slice(0, 253) : null;
  } catch {
    return null;
  }
}
