import type { BatchResponse, StreamBatch } from "../src/realtime/fan-out.js";
import { liveHandlers } from "./live-runtime.js";

/** DynamoDB Streams of the table: pushes every committed event to the match's subscribers. */
export const handler = (event: StreamBatch): Promise<BatchResponse> => liveHandlers.stream(event);
