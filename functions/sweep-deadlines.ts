import { functionConfig } from "./config.js";
import type { InvocationContext } from "./invocation-logger.js";
import { serviceRuntime } from "./service-runtime.js";

/**
 * Run every minute by an EventBridge schedule (infra/stack.ts): finishes the matches whose
 * deadline has passed by the server's clock, as the local server's timer does.
 */
const { service, logger, invocation } = serviceRuntime(functionConfig());

export const handler = (_event?: unknown, context?: InvocationContext) =>
  invocation(context, async () => {
    const report = await service.finishOverdue();
    if (report.finished.length > 0 || report.repaired.length > 0) logger.info(`deadline sweep: finished ${report.finished.join(", ") || "none"}; repaired ${report.repaired.join(", ") || "none"}`);
    return report;
  });
