import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);

export default defineConfig({
  // graphql ships ESM and CommonJS builds. Libraries loaded by Node itself (graphql-ws,
  // @graphql-tools) get the CommonJS one; our sources must get the same, or a schema built by one
  // is "from another realm" for the other. `npm start` and the bundles have a single copy anyway.
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve("graphql") }] },
  test: {
    include: ["test/**/*.test.ts"],
    // test/browser/ drives Chromium: `npm run test:browser` (which `npm test` runs next) has its own config.
    exclude: ["test/browser/**", "**/node_modules/**"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // The SDK warns once per process that Node 20 support ends in 2027; CI logs need no copy of it.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
  },
});
