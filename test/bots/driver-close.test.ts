import { describe, expect, it } from "vitest";
import { BotDriver } from "../../src/bots/driver.js";
import { createLogger } from "../../src/logger.js";
import { getMatch } from "../helpers/matches.js";
import { startTestServer } from "../helpers/server.js";

describe("closing the bots' driver", () => {
  it("ends a think under way and starts none after, whatever point the driver's run had reached", async () => {
    // The server's own bots think for an hour too: the opening roll stays due to the bot all along.
    const t = await startTestServer({ bots: { thinkMs: 3_600_000 } });
    try {
      const created = await t.rest("POST", "/api/matches", { json: { ruleset: "backgammon", bots: [{ seat: 1, level: "random" }] } });
      const id = created.body.match.id as string;
      expect((await getMatch(t, id)).toAct).toContain(1);
      // A driver that would think for an hour, closed at every step of its run: before its load, during it, during its think.
      for (const after of [0, 1, 5, 20]) {
        const driver = new BotDriver({ deps: t.server.service.deps, logger: createLogger("silent"), thinkMs: 3_600_000 });
        const version = (await getMatch(t, id)).version;
        driver.committed(id);
        if (after > 0) await new Promise((resolve) => setTimeout(resolve, after));
        const closed = driver.close().then(() => "closed");
        const stuck = new Promise((resolve) => setTimeout(() => resolve("still thinking"), 5_000).unref());
        expect(await Promise.race([closed, stuck])).toBe("closed");
        // And it sent nothing.
        expect((await getMatch(t, id)).version).toBe(version);
      }
    } finally {
      // The server's driver, thinking since the match was created, closes at once too.
      const closed = t.close().then(() => "closed");
      expect(await Promise.race([closed, new Promise((resolve) => setTimeout(() => resolve("still thinking"), 5_000).unref())])).toBe("closed");
    }
  });
});
