import { App } from "aws-cdk-lib";
import { DEFAULT_OUT_DIR } from "../scripts/build.js";
import { deployConfig } from "./config.js";
import { TabulaStack } from "./stack.js";

/**
 * The CDK app (`npx cdk synth|deploy|destroy`, see cdk.json): one stack per stage, named
 * `Tabula-<stage>`, deploying the bundles `npm run build` left in dist/.
 */
const app = new App();
const config = deployConfig((key) => app.node.tryGetContext(key));

new TabulaStack(app, `Tabula-${config.stage}`, {
  ...config,
  assetDir: process.env.TABULA_ASSET_DIR ?? DEFAULT_OUT_DIR,
  description: `Tabula game server (${config.stage})`,
  // The account and region of the caller's credentials (or AWS_REGION); unset, the stack is
  // environment-agnostic, which is all synthesis without credentials needs.
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
