import { defineConfig } from "vitest/config";
import base from "./vitest.config.js";

/** The browser tests (`npm run test:browser`): real pages in headless Chromium, one file at a time (each drives a browser). */
export default defineConfig({
  ...base,
  test: { ...base.test, include: ["test/browser/**/*.test.ts"], exclude: ["**/node_modules/**"], fileParallelism: false, testTimeout: 120_000, hookTimeout: 60_000 },
});
