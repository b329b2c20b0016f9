import { chromium, type Browser, type BrowserContext } from 'playwright-core';

// Debian's Chromium, driven by playwright-core (no browser download). `.ci/run` installs it with
// `apt-get install -y chromium`. CHROMIUM_PATH overrides the location.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A phone: 390×844 CSS pixels, touch, mobile user agent. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
} as const;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export function newPhoneContext(browser: Browser, locale = 'en-GB'): Promise<BrowserContext> {
  return browser.newContext({ ...PHONE, locale });
}
