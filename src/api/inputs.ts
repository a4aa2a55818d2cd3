import { TabulaError } from "../errors.js";
import { LIMITS } from "./limits.js";

/** Byte size of a value as JSON; moves and options are stored in the log, so they are bounded. */
export function checkJsonSize(value: unknown, maxBytes: number, what: string): void {
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

export function checkExpectedVersion(version: number | undefined | null): number | undefined {
  if (version === undefined || version === null) return undefined;
  if (!Number.isSafeInteger(version) || version < 0) {
    throw new TabulaError("BAD_USER_INPUT", "expectedVersion must be a non-negative integer");
  }
  return version;
}

export function checkSeats(seats: number | undefined | null): number | undefined {
  if (seats === undefined || seats === null) return undefined;
  if (!Number.isSafeInteger(seats) || seats < 1 || seats > 64) {
    throw new TabulaError("BAD_USER_INPUT", "seats must be an integer from 1 to 64");
  }
  return seats;
}
