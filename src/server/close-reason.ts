/** A WebSocket close frame holds at most this many bytes of reason (RFC 6455, 5.5: 125 with the code). */
export const MAX_CLOSE_REASON_BYTES = 123;

/**
 * `reason` cut to what a close frame holds, whole characters only. graphql-ws writes the client's
 * own subscription id into some reasons ("Subscriber for <id> already exists"), and ws throws on
 * a reason one byte too long, which would turn a refusal into an internal error.
 */
export function closeReason(reason: string | undefined): string | undefined {
  if (reason === undefined || Buffer.byteLength(reason) <= MAX_CLOSE_REASON_BYTES) return reason;
  let bytes = 0;
  let cut = "";
  for (const char of reason) {
    bytes += Buffer.byteLength(char);
    if (bytes > MAX_CLOSE_REASON_BYTES - 3) break;
    cut += char;
  }
  return `${cut}...`;
}
