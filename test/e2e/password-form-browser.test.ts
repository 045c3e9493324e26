/**
 * The password form of a protected short link in a real browser (headless Chromium over the
 * DevTools protocol, test/support/chromium.ts), with JavaScript on and off: the visitor types the
 * password and presses Enter; the form posts natively and the browser follows the redirect.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_CANDIDATES, Chromium, findChromium } from '../support/chromium.js';
import { client, type Lsk, startLsk } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const chromium = findChromium();

/** One tab: open `url`, type into #password, press Enter, and wait for the page at `until`. */
async function submitForm(browser: Chromium, url: string, password: string, javascript: boolean, until: (url: string, page: string) => boolean) {
  const { targetId } = await browser.send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await browser.send('Target.attachToTarget', { targetId, flatten: true });
  const send = (method: string, params: Json = {}) => browser.send(method, params, sessionId as string);
  const poll = <T>(probe: () => Promise<T | undefined>): Promise<T | undefined> =>
    waitFor(
      () => probe().catch(() => undefined),
      (v) => v !== undefined,
      { timeout: 10_000, interval: 125 },
    );
  const currentUrl = async () => {
    const h = await send('Page.getNavigationHistory');
    return String(h.entries[h.currentIndex].url);
  };
  const html = async () => {
    const doc = await send('DOM.getDocument');
    return String((await send('DOM.getOuterHTML', { nodeId: doc.root.nodeId })).outerHTML);
  };
  try {
    await send('Page.enable');
    await send('DOM.enable');
    await send('Emulation.setScriptExecutionDisabled', { value: !javascript });
    await send('Page.navigate', { url });
    const findField = async () => {
      const doc = await send('DOM.getDocument');
      const q = await send('DOM.querySelector', { nodeId: doc.root.nodeId, selector: 'form input#password' });
      return q.nodeId > 0 ? (q.nodeId as number) : undefined;
    };
    if ((await poll(findField)) === undefined) throw new Error(`no password form at ${url}: ${await html()}`);
    const form = await html();
    // Node ids last until the next DOM.getDocument: look the field up again right before focusing it.
    await send('DOM.focus', { nodeId: await findField() });
    await send('Input.insertText', { text: password });
    const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13 };
    await send('Input.dispatchKeyEvent', { type: 'keyDown', text: '\r', ...enter });
    await send('Input.dispatchKeyEvent', { type: 'keyUp', ...enter });
    const landed = await poll(async () => {
      const u = await currentUrl();
      return until(u, await html()) ? u : undefined;
    });
    return { form, landed, page: await html() };
  } finally {
    await browser.send('Target.closeTarget', { targetId }).catch(() => undefined);
  }
}

describe('the password form in headless Chromium', () => {
  let browser: Chromium;
  let lsk: Lsk;
  let origin: string;

  beforeAll(async () => {
    // Never skipped: without a browser this fails and says how to get one.
    if (!chromium) throw new Error(`no Chromium found (looked for ${CHROMIUM_CANDIDATES.join(', ')} and $LSK_CHROMIUM): install Debian's chromium`);
    lsk = await startLsk('sqlite');
    origin = `http://localhost:${lsk.port}`;
    const api = client(lsk.base, await lsk.workspace('browser'));
    const res = await api('POST', '/v1/links', { alias: 'locked', destination: `${origin}/healthz?from=link`, password: 'correct horse' });
    expect(res.status).toBe(201);
    browser = await Chromium.launch(chromium);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await lsk?.stop();
  });

  it.each([
    ['without JavaScript', false],
    ['with JavaScript', true],
  ])(
    'a right password %s leads to the destination (query string kept)',
    async (_name, javascript) => {
      const r = await submitForm(browser, `${origin}/locked?utm=browser`, 'correct horse', javascript as boolean, (u) => u.includes('/healthz'));
      expect(r.form).toContain('This link is protected');
      expect(r.form).not.toContain('<script');
      expect(r.landed).toBe(`${origin}/healthz?from=link&utm=browser`);
      expect(r.page).toContain('"status":"ok"');
    },
    60_000,
  );

  it('a wrong password shows the form again with a message (no JavaScript)', async () => {
    // The POST answers 401 with the form again, at the same URL, now with the message.
    const r = await submitForm(browser, `${origin}/locked`, 'wrong guess', false, (_u, page) => page.includes('not right'));
    expect(r.landed).toBe(`${origin}/locked`);
    expect(r.page).toContain('name="password"');
  }, 60_000);
});
