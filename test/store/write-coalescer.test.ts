import { describe, expect, it } from "vitest";
import type { LevelOp } from "../../src/store/level-db.js";
import { WriteCoalescer } from "../../src/store/write-coalescer.js";

const put = (key: string): LevelOp => ({ type: "put", key, value: key });

/** A database whose writes finish when the test says so. */
function gatedWrites() {
  const calls: { keys: string[]; finish: (error?: Error) => void }[] = [];
  const write = (ops: LevelOp[]) =>
    new Promise<void>((resolve, reject) => calls.push({ keys: ops.map((o) => o.key), finish: (error) => (error ? reject(error) : resolve()) }));
  return { calls, coalescer: new WriteCoalescer(write) };
}

describe("the Level store's write coalescer", () => {
  it("writes a lone batch at once", () => {
    const { calls, coalescer } = gatedWrites();
    void coalescer.batch([put("a"), put("b")]);
    expect(calls.map((c) => c.keys)).toEqual([["a", "b"]]);
  });

  it("writes the batches that came during a write together, in order, once it is done; each caller hears of its own", async () => {
    const { calls, coalescer } = gatedWrites();
    const settled: string[] = [];
    const first = coalescer.batch([put("a")]).then(() => settled.push("a"));
    const second = coalescer.batch([put("b1"), put("b2")]).then(() => settled.push("b"));
    const third = coalescer.batch([put("c")]).then(() => settled.push("c"));
    expect(calls.map((c) => c.keys)).toEqual([["a"]]);
    calls[0]!.finish();
    await first;
    await Promise.resolve();
    expect(calls.map((c) => c.keys)).toEqual([["a"], ["b1", "b2", "c"]]);
    expect(settled).toEqual(["a"]);
    calls[1]!.finish();
    await Promise.all([second, third]);
    expect(settled).toEqual(["a", "b", "c"]);
  });

  it("fails every caller of a failed write, and goes on with the next", async () => {
    const { calls, coalescer } = gatedWrites();
    const first = coalescer.batch([put("a")]);
    const second = coalescer.batch([put("b")]);
    const third = coalescer.batch([put("c")]);
    calls[0]!.finish();
    await first;
    await Promise.resolve();
    calls[1]!.finish(new Error("disk full"));
    await expect(second).rejects.toThrow("disk full");
    await expect(third).rejects.toThrow("disk full");
    const fourth = coalescer.batch([put("d")]);
    expect(calls.at(-1)!.keys).toEqual(["d"]);
    calls.at(-1)!.finish();
    await expect(fourth).resolves.toBeUndefined();
  });
});
