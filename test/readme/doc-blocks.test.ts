import { readdirSync, readFileSync } from "node:fs";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { DEFAULT_RATE_LIMITS } from "../../src/server/rate-limiter.js";
import { scratchFiles } from "../support/scratch-files.js";
import { bash, docScripts, lastBlock, missingTools, seededBytes } from "./doc-blocks.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * Every script of the docs' `<!-- doc-test: <script> -->` blocks (see doc-blocks.ts), and what its
 * output must show besides the checks every script gets: it exits 0, writes nothing on stderr,
 * prints no error (`"error"`, GraphQL's `"errors"`) and no bare `null` (what a recipe reading a
 * refused answer prints).
 */
const DOCS: Record<string, Record<string, readonly RegExp[]>> = {
  "docs/correspondence.md": {
    correspondence: [
      /^\{"toMove":[01],"phase":"roll","deadline":"[^"]+"\}$/m,
      /^\{"matchId":"[^"]+","ruleset":"backgammon","seat":[01],"deadline":"[^"]+","players":\[\{"seat":0,"player":\{"id":"[^"]+","name":"Ann"\}\}/m,
      /^\{"kind":"resignation","seat":0,"value":"single"\}$/m,
      /^\{"status":"ACTIVE","score":\[0,1\],"phase":"roll"\}$/m,
    ],
    timeouts: [/^\{"code":"TIMEOUT_NOT_DUE"\}$/m, /^\{"finished":true\}$/m, /^\{"status":"FINISHED","reason":"timeout","winner":[01]\}$/m],
  },
  "docs/bots.md": {
    bots: [/^\{"seats":\[0\],"bot":\{"id":"bot:pubeval","name":"Bot \(pubeval\)"\}\}$/m, /^\{"status":"FINISHED","reason":"played"\}$/m, /^\{"status":"(WAITING|ACTIVE)","bot":"bot:rollout"\}$/m],
  },
  "docs/api.md": {
    graphql: [/^\{"data":\{"rollDice":\{"version":\d+,"phase":"move","toMove":[01],"dice":\[\d,\d\]\}\}\}$/m, /^\{"data":\{"submitMove":\{"version":\d+,"toMove":[01],"status":"ACTIVE"\}\}\}$/m],
    rest: [/^\{"version":\d+,"toMove":[01],"phase":"roll"\}$/m, /^304$/m],
  },
  "docs/rules/golnard-football.md": {
    football: [
      /^\{"type":"walk","token":\d+,"die":\d,"to":\{"x":\d+,"y":\d+\}(,"ball":true)?\}$/m,
      /^\{"seat":[01],"move":\{"type":"walk",/m,
      /^\{"status":"(ACTIVE|FINISHED)","toMove":/m,
    ],
  },
  "docs/rules/gol.md": {
    gol: [/^\{"type":"kick","piece":\d+,"to":\{"x":\d+,"y":\d+\}\}$/m, /^\{"type":"endTurn"\} -> /m, /^\{"status":"ACTIVE","toMove":1,"awaiting":"main",/m],
  },
};

/** Seeds of the servers' randomness: each script runs once per seed, so under different dice. */
const SEEDS = [1, 2, 3];

describe("the docs' shell recipes", () => {
  it("needs bash, curl and jq (CI installs them: .ci/run)", () => {
    expect(missingTools, `install ${missingTools.join(" and ")} to run the docs' recipes`).toEqual([]);
  });

  it("marks exactly the scripts listed here", () => {
    const marked = readdirSync(join(ROOT, "docs"), { recursive: true, encoding: "utf8" })
      .filter((path) => path.endsWith(".md"))
      .map((path) => `docs/${path.split(sep).join("/")}`)
      .filter((file) => docScripts(readFileSync(join(ROOT, file), "utf8"), file).size > 0);
    expect(marked.sort()).toEqual(Object.keys(DOCS).sort());
    for (const [file, scripts] of Object.entries(DOCS)) {
      expect([...docScripts(readFileSync(join(ROOT, file), "utf8"), file).keys()], file).toEqual(Object.keys(scripts));
    }
  });

  describe.each(SEEDS)("on a server seeded with %i", (seed) => {
    let t: TestServer;
    beforeAll(async () => {
      // The test clock for the timeout recipe, as `npm start -- --test-clock` has it.
      // And bots that act at once, as `npm start -- --bot-think-ms 0` has them.
      t = await startTestServer({ rateLimits: DEFAULT_RATE_LIMITS, randomBytes: seededBytes(seed), testClock: true, bots: { thinkMs: 0 } });
    });
    afterAll(() => t?.close());

    for (const [file, scripts] of Object.entries(DOCS)) {
      for (const [name, expected] of Object.entries(scripts)) {
        const { dir } = scratchFiles(`tabula-doc-${name}-`);
        it.skipIf(missingTools.length > 0)(`${file}: the "${name}" blocks run, in order, in one shell`, async () => {
          const script = docScripts(readFileSync(join(ROOT, file), "utf8"), file).get(name);
          expect(script, `${file} has no "${name}" blocks`).toBeDefined();
          const run = await bash(script!.source, dir, { API: t.url, B: t.url });
          const where = `the last block it reached: ${lastBlock(run.stdout)}\n${run.stdout}`;
          expect(run.stderr, where).toBe("");
          expect(run.status, where).toBe(0);
          expect(run.stdout, where).not.toMatch(/"errors?"/);
          expect(run.stdout, where).not.toMatch(/^null$/m);
          expect(run.stdout.match(/^# doc-test: /gm)?.length, "every block ran").toBe(script!.blocks.length);
          for (const pattern of expected) expect(run.stdout, where).toMatch(pattern);
        }, 120_000);
      }
    }
  });
});
