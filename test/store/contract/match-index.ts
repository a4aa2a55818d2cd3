import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InboxQuery, MatchIndex } from "../../../src/store/match-index.js";
import { type OpenStores, row } from "./fixtures.js";

/** What every MatchIndex adapter does. */
export function describeMatchIndex(open: OpenStores): void {
  describe("MatchIndex", () => {
    let stores: Awaited<ReturnType<OpenStores>>;
    let index: MatchIndex;
    beforeAll(async () => {
      stores = await open();
      ({ index } = stores);
    });
    afterAll(() => stores.close());

    /** Every page from the first, following `next`, as match ids. */
    const allPages = async (playerId: string, query: Omit<InboxQuery, "after">): Promise<string[][]> => {
      const pages: string[][] = [];
      let after: string | undefined;
      do {
        const page = await index.inbox(playerId, { ...query, after });
        pages.push(page.rows.map((r) => r.matchId));
        after = page.next ?? undefined;
        expect(pages.length).toBeLessThan(50);
      } while (after);
      return pages;
    };

    it("keeps each entry at its latest version: an older write (a late retry, the stream) changes nothing", async () => {
      await index.apply("m1", { version: 5, rows: [row("m1", { toMove: true })], due: { at: "2026-01-05T00:00:00.000Z" } });
      await index.apply("m1", { version: 3, rows: [row("m1", { toMove: false })], due: { at: null } });
      // The same version again (a commit's entries applied twice) changes nothing either.
      await index.apply("m1", { version: 5, rows: [row("m1", { toMove: false })], due: { at: "2026-01-01T00:00:00.000Z" } });
      expect((await index.inbox("p1", { limit: 10 })).rows).toEqual([row("m1", { toMove: true })]);
      expect(await index.due("2026-01-06T00:00:00.000Z", 10)).toEqual([{ matchId: "m1", at: "2026-01-05T00:00:00.000Z" }]);
      await index.apply("m1", { version: 6, rows: [], due: { at: null } });
      expect(await index.due("2026-01-06T00:00:00.000Z", 10)).toEqual([]);
      // Cleared at 6: a late write of 5 does not bring it back.
      await index.apply("m1", { version: 5, rows: [], due: { at: "2026-01-05T00:00:00.000Z" } });
      expect(await index.due("2026-01-06T00:00:00.000Z", 10)).toEqual([]);
    });

    it("orders an inbox: to act (soonest deadline first, none last), then the others, then the finished (latest first)", async () => {
      const p = "order";
      const rows = [
        row("late", { playerId: p, toMove: true, deadline: "2026-02-01T00:00:00.000Z" }),
        row("soon", { playerId: p, toMove: true, deadline: "2026-01-02T00:00:00.000Z" }),
        row("never", { playerId: p, toMove: true, deadline: null }),
        row("theirs", { playerId: p }),
        row("waiting", { playerId: p, status: "WAITING", deadline: "2026-03-01T00:00:00.000Z" }),
        row("old", { playerId: p, status: "FINISHED", deadline: null, finishedAt: "2025-01-01T00:00:00.000Z" }),
        row("new", { playerId: p, status: "FINISHED", deadline: null, finishedAt: "2025-06-01T00:00:00.000Z" }),
      ];
      for (const r of rows) await index.apply(r.matchId, { version: 1, rows: [r] });
      const ids = async (query = {}) => (await index.inbox(p, { limit: 10, ...query })).rows.map((r) => r.matchId);
      expect(await ids()).toEqual(["soon", "late", "never", "theirs", "waiting", "new", "old"]);
      expect(await ids({ toMove: true })).toEqual(["soon", "late", "never"]);
      expect(await ids({ toMove: false })).toEqual(["theirs", "waiting", "new", "old"]);
      expect(await ids({ toMove: false, status: "ACTIVE" })).toEqual(["theirs"]);
      expect(await ids({ status: "WAITING" })).toEqual(["waiting"]);
      expect(await ids({ status: "FINISHED" })).toEqual(["new", "old"]);
      expect(await ids({ status: "FINISHED", toMove: true })).toEqual([]);
      expect(await ids({ status: "ACTIVE", toMove: true })).toEqual(["soon", "late", "never"]);
      expect((await index.inbox("someone else", { limit: 10 })).rows).toEqual([]);
    });

    it("pages an inbox with cursors: every row once, in order, whatever the page size and filter", async () => {
      const p = "pager";
      const ids = Array.from({ length: 9 }, (_, i) => `g${i}`);
      for (const [i, id] of ids.entries()) {
        const status = i % 3 === 2 ? "FINISHED" : "ACTIVE";
        await index.apply(id, { version: 1, rows: [row(id, { playerId: p, status, toMove: i % 3 === 0, deadline: status === "FINISHED" ? null : `2026-01-0${i + 1}T00:00:00.000Z`, finishedAt: status === "FINISHED" ? `2025-0${i}-01T00:00:00.000Z` : null })] });
      }
      const whole = (await index.inbox(p, { limit: 100 })).rows.map((r) => r.matchId);
      expect(whole).toEqual(["g0", "g3", "g6", "g1", "g4", "g7", "g8", "g5", "g2"]);
      expect((await index.inbox(p, { limit: 100 })).next).toBeNull();
      for (const limit of [1, 2, 4, 9]) {
        const pages = await allPages(p, { limit });
        expect(pages.flat()).toEqual(whole);
        expect(pages.every((page) => page.length <= limit)).toBe(true);
      }
      expect((await allPages(p, { limit: 2, status: "ACTIVE" })).flat()).toEqual(["g0", "g3", "g6", "g1", "g4", "g7"]);
      expect((await allPages(p, { limit: 1, toMove: false })).flat()).toEqual(["g1", "g4", "g7", "g8", "g5", "g2"]);
      const first = await index.inbox(p, { limit: 4 });
      expect(first.rows.map((r) => r.matchId)).toEqual(["g0", "g3", "g6", "g1"]);
      expect((await index.inbox(p, { limit: 10, after: first.next! })).rows.map((r) => r.matchId)).toEqual(["g4", "g7", "g8", "g5", "g2"]);
      // A cursor from one bucket, asked of a later one, starts that bucket at its beginning.
      expect((await index.inbox(p, { limit: 10, after: first.next!, status: "FINISHED" })).rows.map((r) => r.matchId)).toEqual(["g8", "g5", "g2"]);
    });

    it("moves a row when its place changes: the turn passes, the deadline moves, the match ends", async () => {
      const p = "mover";
      const other = row("fixed", { playerId: p, toMove: true, deadline: "2026-01-03T00:00:00.000Z" });
      await index.apply("fixed", { version: 1, rows: [other] });
      const ids = async (query = {}) => (await index.inbox(p, { limit: 10, ...query })).rows.map((r) => `${r.matchId}:${r.toMove}:${r.status}`);
      await index.apply("moving", { version: 1, rows: [row("moving", { playerId: p, toMove: true, deadline: "2026-01-02T00:00:00.000Z" })] });
      expect(await ids()).toEqual(["moving:true:ACTIVE", "fixed:true:ACTIVE"]);
      await index.apply("moving", { version: 2, rows: [row("moving", { playerId: p, toMove: true, deadline: "2026-01-04T00:00:00.000Z" })] });
      expect(await ids()).toEqual(["fixed:true:ACTIVE", "moving:true:ACTIVE"]);
      await index.apply("moving", { version: 3, rows: [row("moving", { playerId: p, toMove: false })] });
      expect(await ids()).toEqual(["fixed:true:ACTIVE", "moving:false:ACTIVE"]);
      expect(await ids({ toMove: true })).toEqual(["fixed:true:ACTIVE"]);
      await index.apply("moving", { version: 4, rows: [row("moving", { playerId: p, status: "FINISHED", deadline: null, finishedAt: "2026-01-05T00:00:00.000Z" })] });
      expect(await ids()).toEqual(["fixed:true:ACTIVE", "moving:false:FINISHED"]);
      expect(await ids({ status: "ACTIVE" })).toEqual(["fixed:true:ACTIVE"]);
    });

    it("lists the matches due at or before a time, soonest first, and follows a moved or cleared deadline", async () => {
      // Its own times, far from the other tests' entries.
      const t = (day: number) => `2040-01-${String(day).padStart(2, "0")}T00:00:00.000Z`;
      // Soonest first within each of DynamoDB's shards: compared in time order.
      const dueBy = async (day: number) => (await index.due(t(day), 100)).filter((d) => d.at >= t(1)).sort((a, b) => a.at.localeCompare(b.at));
      await index.apply("d3", { version: 1, rows: [], due: { at: t(3) } });
      await index.apply("d1", { version: 1, rows: [], due: { at: t(1) } });
      await index.apply("d2", { version: 1, rows: [], due: { at: t(2) } });
      expect(await dueBy(9)).toEqual([
        { matchId: "d1", at: t(1) },
        { matchId: "d2", at: t(2) },
        { matchId: "d3", at: t(3) },
      ]);
      expect((await dueBy(2)).map((d) => d.matchId)).toEqual(["d1", "d2"]);
      await index.apply("d1", { version: 2, rows: [], due: { at: t(5) } });
      await index.apply("d2", { version: 2, rows: [], due: { at: null } });
      expect(await dueBy(9)).toEqual([
        { matchId: "d3", at: t(3) },
        { matchId: "d1", at: t(5) },
      ]);
      expect((await dueBy(4)).map((d) => d.matchId)).toEqual(["d3"]);
      // A commit that leaves the deadline as it was says nothing of it.
      await index.apply("d3", { version: 2, rows: [] });
      expect((await dueBy(4)).map((d) => d.matchId)).toEqual(["d3"]);
    });

    it("answers at least `limit` due matches when there are more, and not many more", async () => {
      // Before every other test's deadline: these are all that is due.
      const t = "2030-06-01T00:00:00.000Z";
      for (let i = 0; i < 12; i++) await index.apply(`lim${i}`, { version: 1, rows: [], due: { at: t } });
      const due = await index.due(t, 3);
      expect(due.every((d) => d.matchId.startsWith("lim") && d.at === t)).toBe(true);
      // DynamoDB reads `limit` from each of its shards; any adapter may answer up to that.
      expect(due.length).toBeGreaterThanOrEqual(3);
      expect(due.length).toBeLessThanOrEqual(12);
      expect(new Set(due.map((d) => d.matchId)).size).toBe(due.length);
    });
  });
}
