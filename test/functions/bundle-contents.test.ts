import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltFunction, buildFunctions } from "../../infra/build.js";
import { BUILD_TIMEOUT_MS } from "./support.js";

/** What the WebSocket function's bundle holds: each module it loads on a cold start costs it time. */
describe("the ws-default bundle", () => {
  const outDir = mkdtempSync(join(tmpdir(), "tabula-bundle-"));
  let inputs: string[] = [];
  beforeAll(async () => {
    const [built] = (await buildFunctions({ outDir, names: ["ws-default"], analyze: true, sourcemap: false })) as [BuiltFunction];
    inputs = Object.keys(built.metafile!.inputs);
  }, BUILD_TIMEOUT_MS);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it("holds one graphql, its ES build, though graphql-jit imports CommonJS files of it", () => {
    const graphql = inputs.filter((path) => /node_modules\/graphql\//.test(path));
    expect(graphql.length).toBeGreaterThan(0);
    expect(graphql.filter((path) => !path.endsWith(".mjs"))).toEqual([]);
    expect(inputs.some((path) => path.includes("node_modules/graphql/utilities/index.mjs"))).toBe(true);
  });

  it("leaves out fast-json-stringify's schema compiler (graphql-jit's customJSONSerializer is off)", () => {
    expect(inputs.filter((path) => /node_modules\/(ajv|ajv-formats|json-schema-ref-resolver)\//.test(path))).toEqual([]);
  });
});
