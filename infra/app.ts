import { App } from "aws-cdk-lib";
import { buildFunctions, DEFAULT_OUT_DIR } from "./build.js";
import { deployConfig } from "./config.js";
import { TabulaStack } from "./stack.js";

/**
 * The CDK app (`npx cdk synth|deploy|destroy`, see cdk.json): one stack per stage, named
 * `Tabula-<stage>`. It builds the bundles into dist/ first, so a deploy never ships stale code
 * and `npx cdk synth` works on a fresh clone; TABULA_ASSET_DIR points at bundles built elsewhere.
 */
const prebuilt = process.env.TABULA_ASSET_DIR;
if (!prebuilt) await buildFunctions();

const app = new App();
const config = deployConfig((key) => app.node.tryGetContext(key));

new TabulaStack(app, `Tabula-${config.stage}`, {
  ...config,
  assetDir: prebuilt ?? DEFAULT_OUT_DIR,
  description: `Tabula game server (${config.stage})`,
  // The account and region of the caller's credentials (or AWS_REGION); unset, the stack is
  // environment-agnostic, which is all synthesis without credentials needs.
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
