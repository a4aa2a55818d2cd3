import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalLambda } from "../../infra/local-lambda.js";
import { TABLE_ACCESS } from "../../infra/stack.js";
import type { StoredItem } from "../../src/store/dynamo/embedded-store.js";
import { matchIdOfCommit } from "../../src/store/dynamo/table.js";
import { BUILD_TIMEOUT_MS, call, type Fixture, httpEvent, setUp, streamRecord } from "./support.js";

/**
 * Bots on the deployed path: matches created through the REST bundle, their bots played by the
 * bot-play bundle from DynamoDB Streams batches of the commits, as the event source mapping
 * hands them over (infra/stack.ts).
 */
let fx: Fixture;
let rest: LocalLambda;
let botPlay: LocalLambda;
const commits: StoredItem[] = [];

beforeAll(async () => {
  fx = await setUp(["rest", "bot-play"]);
  fx.store.onPut((written) => {
    if (written.tableName === fx.tableName && matchIdOfCommit(written.item)) commits.push(written);
  });
  [rest, botPlay] = await Promise.all([fx.start("rest"), fx.start("bot-play", { BOT_THINK_MS: "0" })]);
}, BUILD_TIMEOUT_MS);
afterAll(() => fx?.close());

let sequence = 0;
const batchOf = (written: readonly StoredItem[]) => ({ Records: written.map((w) => streamRecord(w, ++sequence)) });
const versionOf = async (id: string): Promise<{ version: number; status: string }> => (await call(rest, httpEvent("GET", `/api/matches/${id}`))).body;

describe("bots on Lambda", () => {
  it("bot-play plays a bot-against-bot match to its end from the stream, one command per commit, once however many containers get the batch", async () => {
    let fed = commits.length;
    const created = await call(rest, httpEvent("POST", "/api/matches", { json: { ruleset: "golnard-estafeta", options: { variant: "sprint", teams: 2 }, bots: [{ seat: 0, level: "progress" }, { seat: 1, level: "random" }] } }));
    expect(created.status, created.raw).toBe(201);
    const id = created.body.match.id as string;
    let invocations = 0;
    while ((await versionOf(id)).status !== "FINISHED" && invocations < 2000) {
      const batch = commits.slice(fed);
      fed = commits.length;
      expect(batch.length, `a commit to feed at invocation ${invocations}`).toBeGreaterThan(0);
      const before = await versionOf(id);
      // The batch twice at once, as two containers on a retried batch: both decide at the same
      // version, and only one command gets in (the other is a VERSION_CONFLICT, no failure).
      expect(await Promise.all([botPlay.invoke(batchOf(batch)), botPlay.invoke(batchOf(batch))])).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }]);
      invocations++;
      expect(commits.length - fed, JSON.stringify(commits.slice(fed).map((c) => c.item.SK))).toBe(1);
      expect((await versionOf(id)).version).toBeGreaterThan(before.version);
    }
    expect((await versionOf(id)).status).toBe("FINISHED");
    expect(invocations).toBeGreaterThan(4);
    // Finished: a batch of its last commit has nothing for a bot to do.
    const last = commits.slice(fed);
    fed = commits.length;
    expect(await botPlay.invoke(batchOf(last))).toEqual({ batchItemFailures: [] });
    expect(commits.length).toBe(fed);
  }, 120_000);

  it("a bot waits for the person: a commit that leaves the person to act makes no command", async () => {
    const created = await call(rest, httpEvent("POST", "/api/matches", { json: { ruleset: "backgammon", bots: [{ seat: 1, level: "pubeval" }] } }));
    const id = created.body.match.id as string;
    const token = created.body.seats[0].token as string;
    const start = commits.length;
    // The opening roll: the person asks it, before the bot does.
    const rolled = await call(rest, httpEvent("POST", `/api/matches/${id}/dice`, { token }));
    expect(rolled.status, rolled.raw).toBe(200);
    let fed = commits.length;
    for (let i = 0; i < 10; i++) {
      const match = await versionOf(id);
      const view = (await call(rest, httpEvent("GET", `/api/matches/${id}`))).body as { toAct: number[] };
      if (view.toAct.length === 1 && view.toAct[0] === 0) {
        // The person's turn: the stream's batch makes no bot command.
        expect(await botPlay.invoke(batchOf(commits.slice(start)))).toEqual({ batchItemFailures: [] });
        expect((await versionOf(id)).version).toBe(match.version);
        return;
      }
      const batch = commits.slice(fed);
      fed = commits.length;
      await botPlay.invoke(batchOf(batch.length > 0 ? batch : commits.slice(start)));
    }
    throw new Error("the person's turn never came");
  }, 60_000);
});

describe("table permissions cover what the code does", () => {
  it(`bot-play: exactly ${TABLE_ACCESS["bot-play"].join(", ")}`, () => {
    expect(fx.operations("bot-play")).toEqual(TABLE_ACCESS["bot-play"].map((a) => `dynamodb:${a}`).sort());
  });
});
