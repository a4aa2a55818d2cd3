import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));

/**
 * The layers of the code, lowest first. A file may import its own layer and any layer of a
 * lower rank, never one of its rank or above: the engine knows nothing of matches, a match
 * nothing of how it is stored or served, and only the entry points (the local server, the CLI,
 * the Lambda handlers) wire transports to the service. The tiers are "engine < match
 * < store/service < api/realtime < server/cli, functions on top"; inside a tier the code already
 * keeps an order (the service reads the store, the WebSocket path reuses the API's schema), so
 * the table holds it too. `base` is src/errors.ts, src/input-issues.ts and src/zod.ts, which
 * every layer may use: the closed set of error codes, the one way to word an input problem, and
 * zod with its English messages.
 */
const RANK = {
  base: 0,
  engine: 1,
  match: 2,
  store: 3,
  service: 4,
  // Reads and writes match logs in other programs' formats (gnubg's .mat); nothing serves it.
  interop: 4,
  api: 5,
  realtime: 6,
  server: 7,
  cli: 7,
  functions: 8,
} as const;
type Layer = keyof typeof RANK;
const LAYERS = Object.keys(RANK) as Layer[];
const BASE_FILES = ["src/errors.ts", "src/input-issues.ts", "src/zod.ts"];

function layerOf(file: string): Layer | null {
  if (BASE_FILES.includes(file)) return "base";
  const [top, layer] = file.split("/");
  if (top === "functions") return "functions";
  return top === "src" && LAYERS.includes(layer as Layer) ? (layer as Layer) : null;
}

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Relative specifiers of `import ... from`, `export ... from`, `import "..."` and `import("...")`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)"(\.{1,2}\/[^"]+)"/g;

const files = [...sources("src"), ...sources("functions")];
const imports = files.flatMap((file) =>
  [...readFileSync(join(ROOT, file), "utf8").matchAll(SPECIFIER)].map((m) => ({
    file,
    target: relative(ROOT, resolve(ROOT, dirname(file), m[1] as string)).replace(/\.js$/, ".ts"),
  })),
);

describe("layers import only downward", () => {
  it("every source file belongs to a layer", () => {
    expect(files.filter((file) => layerOf(file) === null)).toEqual([]);
  });

  it("the table sees the imports (the pattern still matches how files import)", () => {
    expect(imports.length).toBeGreaterThan(files.length);
    expect(imports).toContainEqual({ file: "src/cli/main.ts", target: "src/cli/moves.ts" });
  });

  it("no file imports its own rank or above, except from its own layer", () => {
    const upward = imports
      .map(({ file, target }) => ({ file, target, from: layerOf(file), to: layerOf(target) }))
      .filter(({ from, to }) => from !== to && (to === null || from === null || RANK[to] >= RANK[from]))
      .map(({ file, target, from, to }) => `${file} (${from}) imports ${target} (${to ?? "outside the layers"})`);
    expect(upward).toEqual([]);
  });
});
