import { TabulaError } from "../errors.js";
import { LIMITS } from "./limits.js";

/**
 * How deep a JSON value nests, counted without recursion (a value of any depth must be judged
 * without overflowing the stack); stops counting past `limit`.
 */
export function jsonDepthOver(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Moves and options are stored in the log, so they are bounded: in nesting first (the size check
 * serialises the value, which recursion would not survive at any depth), then in bytes as JSON.
 */
export function checkJsonSize(value: unknown, maxBytes: number, what: string): void {
  if (jsonDepthOver(value, LIMITS.maxJsonDepth)) {
    throw new TabulaError("BAD_USER_INPUT", `${what} nests deeper than ${LIMITS.maxJsonDepth} levels`, { limit: LIMITS.maxJsonDepth });
  }
  const text = JSON.stringify(value ?? null);
  const size = Buffer.byteLength(text, "utf8");
  if (size > maxBytes) {
    throw new TabulaError("PAYLOAD_TOO_LARGE", `${what} is ${size} bytes as JSON; the limit is ${maxBytes}`, { limit: maxBytes, size });
  }
}

export function checkIdempotencyKey(key: string | undefined | null): string | undefined {
  if (key === undefined || key === null) return undefined;
  if (key.length < 1 || key.length > LIMITS.maxIdempotencyKeyLength) {
    throw new TabulaError("BAD_USER_INPUT", `an idempotency key has 1 to ${LIMITS.maxIdempotencyKeyLength} characters`);
  }
  return key;
}
