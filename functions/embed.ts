import { readFileSync } from "node:fs";
import { parseAssets } from "../src/api/embed/assets.js";
import { createEmbedHandler } from "../src/api/embed/handle-embed.js";
import { embedFunctionConfig } from "./config.js";
import { httpHandler } from "./http-event.js";
import { serviceRuntime } from "./service-runtime.js";

/**
 * `GET /embed/{proxy+}` and `GET /oembed` of the HTTP API: the embed page and its assets, as the
 * local server serves them. The build (infra/build.ts) bundles the page's script beside this
 * function, so a cold start reads one small file and runs no bundler.
 */
const config = embedFunctionConfig();
const { service, logger, invocation } = serviceRuntime(config);
const assets = parseAssets(readFileSync(new URL("./embed-assets.json", import.meta.url), "utf8"));

export const handler = httpHandler(createEmbedHandler({ service, logger, assets: async () => assets, deployment: config.deployment }), { logger, run: invocation }, () => ({ operation: null }));
