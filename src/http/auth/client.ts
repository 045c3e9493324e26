import type { IncomingMessage } from 'node:http';
import Bowser from 'bowser';
import type { ClientInfo } from '../../domain/events/account-events.js';
import { requestAddress } from '../../redirect/geo.js';
import { Memo } from '../../redirect/user-agent.js';

interface Families {
  browser: string | null;
  os: string | null;
}

/** Browser and OS families of a User-Agent (bowser; automated browsers included: a session list shows what signed in). */
const families = new Memo(
  (ua: string): Families => {
    const p = Bowser.parse(ua);
    return { browser: p.browser.name?.slice(0, 64) || null, os: p.os.name?.slice(0, 64) || null };
  },
  1000,
  512,
);

/** Who is asking, for the account services: the request id, the client address and what the browser is. */
export function clientInfo(req: IncomingMessage, requestId: string, trustProxy: number): ClientInfo {
  const ua = req.headers['user-agent'];
  const { browser, os } = ua ? families.get(ua) : { browser: null, os: null };
  return { requestId, address: requestAddress(req, trustProxy, 'unknown'), browser, os };
}
