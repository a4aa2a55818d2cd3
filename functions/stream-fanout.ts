import type { BatchResponse, StreamBatch } from "../src/realtime/aws/fan-out.js";
import { createLiveHandlers } from "../src/realtime/aws/live-handlers.js";
import { liveDeps } from "./live-runtime.js";

const handlers = createLiveHandlers(liveDeps);

/** DynamoDB Streams of the table: pushes every committed event to the match's subscribers. */
export const handler = (event: StreamBatch): Promise<BatchResponse> => handlers.stream(event);
