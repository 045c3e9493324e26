/**
 * A real OpenID Connect provider for the SSO suites (oidc-provider from npm, with its development
 * login and consent pages), on a free loopback port, and a small browser that goes through a
 * sign-in the way a person would: lsk's start link, the provider's login form, its consent form,
 * back to lsk's callback. Cookies are kept per host, as a browser keeps them.
 */
import type { Server } from 'node:http';
import Provider from 'oidc-provider';

export interface IdpAccount {
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, IdpAccount>;
  stop(): Promise<void>;
}

/** Start the provider at `port`, knowing lsk's callbacks (the public URLs of the instances under test). */
export async function startIdp(port: number, lskPublicUrls: string[]): Promise<TestIdp> {
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'lsk-dashboard';
  const clientSecret = 'idp-client-secret-5d1e7a';
  const accounts = new Map<string, IdpAccount>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: lskPublicUrls.map((u) => `${u}/auth/oidc/callback`),
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['test-cookie-key-1'] },
    async findAccount(_ctx, id) {
      const a = accounts.get(id);
      if (!a) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...a }) };
    },
  });
  const server: Server = await new Promise((resolve) => {
    const s = provider.listen(port, '127.0.0.1', () => resolve(s));
  });
  return { issuer, clientId, clientSecret, accounts, stop: () => new Promise((r) => server.close(() => r())) };
}

type Jar = Map<string, Map<string, string>>;

function remember(jar: Jar, url: URL, res: Response): void {
  const cookies = jar.get(url.host) ?? new Map<string, string>();
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq).trim();
    const value = pair!.slice(eq + 1).trim();
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(c) || value === '') cookies.delete(name);
    else cookies.set(name, value);
  }
  jar.set(url.host, cookies);
}

const cookieHeader = (jar: Jar, url: URL) => [...(jar.get(url.host) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');

export interface SsoResult {
  /** Where lsk's callback sent the browser at last. */
  location: string;
  /** lsk's cookies after it (`lsk_session`, when signed in). */
  lskCookies: Map<string, string>;
  /** The callback URL the provider sent the browser to (to replay it). */
  callback: string;
}

/**
 * Go through an SSO sign-in: open `startUrl` (lsk, at `lskBase`), log in at the provider as
 * `accountId`, consent, and follow the redirects until lsk answers its callback. URLs on lsk's
 * public URL (the browser's view of it) are requested at `lskBase`; cookies stay with the public host.
 */
export async function ssoSignIn(startUrl: string, lskBase: string, lskPublicUrl: string, accountId: string, jar: Jar = new Map()): Promise<SsoResult> {
  const toRequest = (u: string) => (u.startsWith(lskPublicUrl) ? lskBase + u.slice(lskPublicUrl.length) : u);
  let url = new URL(startUrl);
  let method = 'GET';
  let body: string | undefined;
  let callback = '';
  for (let hop = 0; hop < 20; hop++) {
    const target = new URL(toRequest(url.href));
    const res = await fetch(target, {
      method,
      redirect: 'manual',
      headers: { cookie: cookieHeader(jar, url), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    });
    remember(jar, url, res);
    const isLsk = url.href.startsWith(lskPublicUrl) || url.href.startsWith(lskBase);
    if (isLsk && url.pathname === '/auth/oidc/callback') {
      return { location: res.headers.get('location') ?? '', lskCookies: jar.get(url.host) ?? new Map(), callback: url.href };
    }
    method = 'GET';
    body = undefined;
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url);
      if (url.pathname === '/auth/oidc/callback') callback = url.href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form at ${url.href} (${res.status}): ${html.slice(0, 300)}`);
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1] ?? 'login';
    const form = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login: accountId, password: 'any' } : {}) });
    url = new URL(action, url);
    method = 'POST';
    body = form.toString();
  }
  throw new Error(`the sign-in did not come back to lsk (last ${url.href}, callback ${callback})`);
}
