/** How the dashboard tests run Chromium: Debian's (no browser download), headless, no sandbox, no GPU. */
export const CHROMIUM_PATH = process.env.LSK_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu'];
