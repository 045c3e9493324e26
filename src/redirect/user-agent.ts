import Bowser from 'bowser';
import { isbot } from 'isbot';
import { RandomEvictMap } from '../domain/random-evict-map.js';

export type Device = 'desktop' | 'mobile' | 'tablet';

/** What a visit is counted as: bot or not, and for people their device class, browser family and OS family. */
export interface Visitor {
  bot: boolean;
  device: Device;
  /** Browser family as bowser names it (`Chrome`, `Safari`, `Microsoft Edge`, ...); null when unknown. */
  browser: string | null;
  /** OS family as bowser names it (`Windows`, `macOS`, `iOS`, `Android`, ...); null when unknown. */
  os: string | null;
}

const BOT: Visitor = Object.freeze({ bot: true, device: 'desktop', browser: null, os: null });

/** Distinct User-Agents remembered (the oldest is forgotten first); longer ones are parsed each time. */
const CACHE_SIZE = 10_000;
const CACHE_KEY_MAX = 512;

function parse(ua: string): Visitor {
  // A maintained bot list (isbot) and a maintained parser (bowser): no hand-written patterns.
  if (isbot(ua)) return BOT;
  const p = Bowser.parse(ua);
  const type = p.platform.type;
  return Object.freeze({
    bot: false,
    // Everything that is neither a phone nor a tablet (TVs and unknown platforms too) counts as desktop.
    device: type === 'mobile' || type === 'tablet' ? type : 'desktop',
    browser: p.browser.name || null,
    os: p.os.name || null,
  });
}

/**
 * A bounded memo of one function of a header value: each distinct value is worked out once. When
 * full, a random entry goes (no bookkeeping on a hit; docs/adr/0096).
 */
export class Memo<T> {
  private readonly entries: RandomEvictMap<T>;

  constructor(
    private readonly compute: (key: string) => T,
    size: number,
    private readonly maxKeyLength: number,
  ) {
    this.entries = new RandomEvictMap(size);
  }

  get(key: string): T {
    // A value too long to keep is not looked up either: the map hashes every character of a key.
    if (key.length > this.maxKeyLength) return this.compute(key);
    let v = this.entries.get(key);
    if (v === undefined) {
      v = this.compute(key);
      this.entries.set(key, v);
    }
    return v;
  }
}

const visitors = new Memo(parse, CACHE_SIZE, CACHE_KEY_MAX);

/** Classify a User-Agent (parsed once per distinct value). No User-Agent at all counts as a bot. */
export function classify(ua: string | undefined): Visitor {
  return ua ? visitors.get(ua) : BOT;
}
