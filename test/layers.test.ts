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
 * the table holds it too; the local AWS stand-ins sit under the server that starts them. `base`
 * is src/errors.ts, src/input-issues.ts, src/log-levels.ts, src/logger.ts and src/zod.ts, which
 * every layer may use: the closed set of error codes, the one way to word an input problem, the
 * one logger and its levels, and zod with its English messages.
 */
const RANK = {
  base: 0,
  engine: 1,
  // The board drawings: SVG from a match's drawable view, for the embed page, board.svg and any
  // site; they read only the JSON the API sends, never the engine.
  boards: 1,
  match: 2,
  store: 3,
  service: 4,
  // Reads and writes match logs in other programs' formats (gnubg's .mat); nothing serves it.
  interop: 4,
  // Webhooks: what the log's commits tell each webhook, signed and sent (Standard Webhooks). Above
  // the service, whose match-view schemas (a player, an outcome) its payloads reuse, and below the
  // API, which will register webhooks: between the two.
  webhooks: 4.5,
  // Bots: play the bot seats through the service, as a client would; driven by commits like webhooks.
  bots: 4.5,
  api: 5,
  realtime: 6,
  // The local stand-ins for API Gateway's WebSocket and management APIs and for DynamoDB
  // Streams: the server starts them in `--gateway=lambda`; they know nothing of the server.
  "local-aws": 7,
  server: 8,
  cli: 8,
  // The embed page's script: a browser program, bundled by esbuild from its entry file.
  embed: 8,
  functions: 9,
} as const;
type Layer = keyof typeof RANK;
const LAYERS = Object.keys(RANK) as Layer[];
const BASE_FILES = ["src/errors.ts", "src/input-issues.ts", "src/log-levels.ts", "src/logger.ts", "src/zod.ts"];

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

/**
 * The import cycles among the source files, each as its files in order (a strongly connected
 * component of the import graph, found by Tarjan's algorithm): a cycle of any length, type-only
 * imports included, since they still tie the two files' designs together. A shared piece moves
 * down into a file of its own, or one side takes what it needs as a parameter.
 */
function importCycles(nodes: readonly string[], edges: readonly { file: string; target: string }[]): string[][] {
  const graph = new Map(nodes.map((file) => [file, new Set<string>()]));
  for (const { file, target } of edges) if (graph.has(target)) graph.get(file)!.add(target);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file)!) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)!.has(file)) cycles.push(component.sort());
  };
  for (const file of nodes) if (!index.has(file)) visit(file);
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

describe("imports form no cycle", () => {
  it("the check finds cycles of any length, and nothing in a chain without one", () => {
    const edge = (file: string, target: string) => ({ file, target });
    const nodes = ["a", "b", "c", "d", "e", "f"];
    const edges = [edge("a", "b"), edge("b", "c"), edge("c", "a"), edge("c", "d"), edge("d", "e"), edge("e", "d"), edge("f", "f"), edge("a", "outside")];
    expect(importCycles(nodes, edges)).toEqual([["a", "b", "c"], ["d", "e"], ["f"]]);
    expect(importCycles(nodes, [edge("a", "b"), edge("b", "c"), edge("a", "c")])).toEqual([]);
  });

  it("no source file imports, through any chain of imports, a file that imports it", () => {
    expect(importCycles(files, imports)).toEqual([]);
  });
});
