import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

/** Debian's Chromium, or the one `TABULA_CHROMIUM` names; Playwright's own download does not work offline. */
export const CHROMIUM = process.env.TABULA_CHROMIUM ?? "/usr/bin/chromium";

export const hasChromium = (): boolean => existsSync(CHROMIUM);

/**
 * Headless Chromium as CI runs it: no sandbox (CI runs as root), and none of the background
 * connections to Google's hosts, which a machine without internet refuses many at a time.
 */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--font-render-hinting=none"],
  });
