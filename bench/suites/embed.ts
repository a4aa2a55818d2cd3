import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { drawBoard } from "../../src/boards/index.js";
import type { Json } from "../../src/boards/drawing.js";
import { buildEmbedAssets } from "../../src/api/embed/build-assets.js";
import { RULESETS } from "../../src/engine/registry.js";
import { playout } from "../../src/match/playout.js";
import { matchViewFields } from "../../src/service/match-view.js";
import { interleavedThroughput, type Measurement, type Suite } from "../report.js";

const gz = (text: string): number => gzipSync(text, { level: 9 }).length;

/** boardgame.io's browser client (multiplayer over socket.io, no board drawn), bundled and minified as our page is. */
async function boardgameioClientBytes(): Promise<number> {
  const result = await build({
    stdin: { contents: 'export { Client } from "boardgame.io/client"; export { SocketIO } from "boardgame.io/multiplayer";', resolveDir: process.cwd() },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "silent",
    define: { "process.env.NODE_ENV": '"production"' },
  });
  return gz(result.outputFiles[0]!.text);
}

/**
 * The embed page's weight, as a browser downloads it (gzip): its script (the four drawings and
 * graphql-ws's client in it) and stylesheet, against boardgame.io's multiplayer client, which
 * draws no board (goal: under 60 KiB for ours). Then boards drawn per second per ruleset, as
 * board.svg draws them, against building and serialising the same position's view.
 */
export const suite: Suite = {
  name: "embed (the page's bundle, and boards drawn)",
  async run() {
    const assets = await buildEmbedAssets();
    const page = gz(assets.script.body) + gz(assets.style.body);
    const out: Measurement[] = [
      {
        name: "embed page: script + stylesheet, gzipped (goal < 60 KiB)",
        unit: "bytes",
        value: page,
        better: "lower",
        baseline: "boardgame.io's client + SocketIO, gzipped",
        baselineValue: await boardgameioClientBytes(),
        note: `script ${gz(assets.script.body)} B gz (${assets.script.body.length} B minified), stylesheet ${gz(assets.style.body)} B gz; /embed/boards.js alone ${gz(assets.boards.body)} B gz`,
      },
    ];
    for (const ruleset of RULESETS) {
      const { states } = playout({ ruleset, seed: 7, maxCommands: 2000 });
      const positions = states.filter((_, i) => i % Math.max(1, Math.floor(states.length / 40)) === 0);
      const views = positions.map((s) => matchViewFields(s, null, ["state"]).state as Json);
      let i = 0;
      const [drawn, serialised] = interleavedThroughput(
        [() => drawBoard(ruleset, views[i++ % views.length]!), () => JSON.stringify(matchViewFields(positions[i++ % positions.length]!, null, ["state"]))],
        600,
      );
      const bytes = Math.round(views.reduce<number>((sum, v) => sum + drawBoard(ruleset, v).length, 0) / views.length);
      out.push({ name: `${ruleset}: boards drawn as SVG (${bytes} B each)`, unit: "boards/s", value: drawn!, better: "higher", baseline: "the view built and serialised as JSON", baselineValue: serialised! });
    }
    return out;
  },
};
