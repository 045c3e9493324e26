/**
 * Helpers of the dashboard's browser tests: Debian's Chromium through playwright-core (no browser
 * download), users made with the CLI's own command (run in the test process), axe-core run in each
 * page, screenshots of each page at 1280×800 and 390×844 into test-artifacts/dashboard/
 * (gitignored), and every CSP violation or request to another host recorded as a failure.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Download, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { cliLines } from './cli-in-process.js';
import type { Lsk } from './server.js';

export const CHROMIUM = process.env.LSK_CHROMIUM ?? '/usr/bin/chromium';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const ARTIFACTS = join(ROOT, 'test-artifacts/dashboard');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const PASSWORD = 'correct horse battery';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
}

/** Problems the page itself reported: CSP violations, script errors, requests off the service's origin. */
export interface PageWatch {
  page: Page;
  problems: string[];
}

/** A fresh browser profile (its own cookies) on the service's public origin; `options` e.g. set its time zone. */
export async function openPage(browser: Browser, origin: string, options: BrowserContextOptions = {}): Promise<PageWatch & { context: BrowserContext }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, userAgent: CHROME_UA, ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(`CSP: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`script error: ${e.message}`));
  page.on('request', (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) problems.push(`request off origin: ${r.url()}`);
  });
  return { page, problems, context };
}

/** axe-core in the page: no serious or critical violation. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
  });
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad, `axe on ${name}`).toEqual([]);
}

/** Axe at the desktop size, then screenshots at both sizes (the page returns to 1280×800). */
export async function checkPage(page: Page, name: string, shots = true): Promise<void> {
  await expectAccessible(page, name);
  if (!shots) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    // The page has laid out and painted at the new size: two animation frames.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.screenshot({ path: join(ARTIFACTS, `${name}-${width}x${height}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * `lsk user create`, the CLI's command run in this process (test/support/cli-in-process.ts: seeding;
 * the command as a process is tested in test/api): the one-time set-password link it prints last.
 */
export async function createUser(lsk: Lsk, email: string, workspace: string, role: string): Promise<string> {
  const link = (await cliLines(['user', 'create', email, '--workspace', workspace, '--role', role], lsk.env)).at(-1);
  expect(link).toMatch(/\/dashboard\/set-password#token=/);
  return link!;
}

/** The token of a set-password link, set through the API (for users whose own journey is not under test). */
export async function setPasswordByApi(link: string, password = PASSWORD): Promise<void> {
  const u = new URL(link);
  const token = new URLSearchParams(u.hash.slice(1)).get('token');
  const res = await fetch(`${u.origin}/auth/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-lsk-csrf': '1', origin: u.origin },
    body: JSON.stringify({ token, new_password: password }),
  });
  expect(res.status, await res.text()).toBeLessThan(300);
}

export async function signIn(page: Page, origin: string, email: string, password = PASSWORD): Promise<void> {
  await page.goto(`${origin}/dashboard/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
}

/**
 * A user made with the CLI (`createUser`), their password set through the API, signed in in a
 * fresh browser profile on the service's origin: the start of most journeys. `at` fixes the
 * page's clock (Date.now in the page) before it signs in.
 */
export async function signedInUser(
  lsk: Lsk,
  browser: Browser,
  user: { email: string; workspace: string; role: string },
  options: BrowserContextOptions & { at?: number } = {},
): Promise<PageWatch & { context: BrowserContext; origin: string }> {
  const link = await createUser(lsk, user.email, user.workspace, user.role);
  const origin = new URL(link).origin;
  await setPasswordByApi(link);
  const { at, ...contextOptions } = options;
  const w = await openPage(browser, origin, contextOptions);
  if (at !== undefined) await w.page.clock.setFixedTime(at);
  await signIn(w.page, origin, user.email);
  return { ...w, origin };
}

/** The file a click makes the browser download. */
export async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; body: Buffer }> {
  const [d] = (await Promise.all([page.waitForEvent('download'), click()])) as [Download, unknown];
  return { name: d.suggestedFilename(), body: readFileSync((await d.path())!) };
}

/** The text file (UTF-8) a click makes the browser download. */
export async function downloadedText(page: Page, click: () => Promise<void>): Promise<{ name: string; body: string }> {
  const { name, body } = await downloaded(page, click);
  return { name, body: body.toString('utf8') };
}
