import type { FormattedExecutionResult } from "graphql";
import type { Render } from "./send-updates.js";

/**
 * A `Render` that runs each distinct document once per event and seat: the subscribers of a
 * match mostly run the same few documents, and a payload depends on nothing else (the document
 * runs over the update as the seat sees it, with no caller of its own). One per fan-out batch.
 */
export function sharedPayloads(payloadOf: Render): Render {
  const payloads = new Map<string, Promise<FormattedExecutionResult>>();
  return (subscription, entry) => {
    const key = JSON.stringify([subscription.matchId, entry.event.version, subscription.seat, subscription.query, subscription.variables, subscription.operationName]);
    let payload = payloads.get(key);
    if (!payload) payloads.set(key, (payload = payloadOf(subscription, entry)));
    return payload;
  };
}
