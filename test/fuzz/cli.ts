/**
 * `npm run fuzz -- --requests N --seed S [--report fuzz-report.json]`: hostile traffic against a
 * real local server; prints the summary and exits 1 on any violation (2 on bad arguments).
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { isGatewayMode } from "../../src/server/gateway-mode.js";
import { runFuzz } from "./runner.js";
import { groupViolations, summarize } from "./summary.js";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

const USAGE = "usage: npm run fuzz -- [--requests N (default 2000)] [--seed S (default 1)] [--gateway direct|lambda] [--rate-limits] [--report <file.json>]\n";

let values;
try {
  ({ values } = parseArgs({ options: { requests: { type: "string" }, seed: { type: "string" }, report: { type: "string" }, gateway: { type: "string" }, "rate-limits": { type: "boolean" }, help: { type: "boolean", short: "h" } }, strict: true }));
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const requests = Number(values.requests ?? "2000");
const seed = Number(values.seed ?? "1");
if (!Number.isSafeInteger(requests) || requests < 1 || !Number.isSafeInteger(seed)) {
  process.stderr.write(`--requests and --seed must be integers\n${USAGE}`);
  process.exit(2);
}

const gateway = values.gateway ?? "direct";
if (!isGatewayMode(gateway)) {
  process.stderr.write(`--gateway is direct or lambda\n${USAGE}`);
  process.exit(2);
}

const report = await runFuzz({ requests, seed, gateway, rateLimits: values["rate-limits"] ?? false, progress: (line) => process.stderr.write(`${line}\n`) });
process.stdout.write(`${summarize(report)}\n`);
if (values.report) {
  const violations = [...report.violations, ...report.tolerated];
  writeFileSync(values.report, JSON.stringify({ seed, requests: report.requests, groups: groupViolations(violations).map((g) => ({ key: g.key, count: g.count })), violations }, null, 2));
  process.stdout.write(`report: ${values.report}\n`);
}
process.exit(report.violations.length > 0 ? 1 : 0);
