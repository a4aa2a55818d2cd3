import type { BatchResponse, StreamBatch } from "../src/realtime/aws/fan-out.js";
import { createLiveHandlers } from "../src/realtime/aws/live-handlers.js";
import type { InvocationContext } from "./invocation-logger.js";
import { invocation, liveDeps } from "./live-runtime.js";

const handlers = createLiveHandlers(liveDeps);

/** DynamoDB Streams of the table: pushes every committed event to the match's subscribers. */
export const handler = (event: StreamBatch, context?: InvocationContext): Promise<BatchResponse> => invocation(context, () => handlers.stream(event));
