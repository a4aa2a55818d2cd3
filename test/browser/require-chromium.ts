import { CHROMIUM, hasChromium } from "./chromium.js";

// `npm run test:browser` starts here: without a browser, say what to install instead of failing later.
if (!hasChromium()) {
  console.error(
    `The browser tests need Chromium at ${CHROMIUM} (Debian: apt-get install chromium; elsewhere set TABULA_CHROMIUM to a Chromium or Chrome binary). Nothing was run.`,
  );
  process.exit(1);
}
