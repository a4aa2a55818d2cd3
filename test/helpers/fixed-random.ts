import { createHash } from "node:crypto";

/** A fixed stream of "random" bytes for a test server: the same match ids, tokens and dice on every run. */
export function fixedRandomBytes(seed: string): (size: number) => Buffer {
  let n = 0;
  return (size) => {
    let out = Buffer.alloc(0);
    while (out.length < size) out = Buffer.concat([out, createHash("sha256").update(`${seed}:${n++}`).digest()]);
    return out.subarray(0, size);
  };
}
