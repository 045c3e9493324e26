import { deferred } from '../domain/deferred.js';

/**
 * node:http and node:https, for the requests lsk sends (webhooks, link health checks). Loaded on
 * first use: importing node:http also loads Node's fetch implementation (about 0.1 s), which an
 * `lsk` command that sends nothing need not pay; the server loads it at start.
 */
const clients = deferred(() => Promise.all([import('node:http'), import('node:https')]));

/** The request function for the URL's protocol. */
export async function requestFor(target: URL) {
  const [http, https] = await clients();
  return target.protocol === 'https:' ? https.request : http.request;
}
