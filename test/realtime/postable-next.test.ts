import { describe, expect, it } from "vitest";
import type { MatchEvent } from "../../src/match/events.js";
import type { MatchState } from "../../src/match/state.js";
import { postableNext } from "../../src/realtime/aws/postable-next.js";
import { MAX_POST_BYTES, type ServerMessage } from "../../src/realtime/protocol.js";
import { sendUpdates } from "../../src/realtime/aws/send-updates.js";
import type { TimelineEntry } from "../../src/service/timeline.js";
import type { ConnectionStore, SubscriptionRecord } from "../../src/store/dynamo/connection-store.js";

const huge = { data: { matchUpdated: { legalMoves: ["x".repeat(MAX_POST_BYTES)] } } };

describe("messages API Gateway can post (at most 128 KB)", () => {
  it("keeps a payload that fits, and replaces one that does not with PAYLOAD_TOO_LARGE", () => {
    expect(postableNext("s1", { data: { ok: true } }, "it")).toEqual({ type: "next", id: "s1", payload: { data: { ok: true } } });
    const replaced = postableNext("s1", huge, "the update of version 7") as Extract<ServerMessage, { type: "next" }>;
    expect(replaced.payload).toMatchObject({ data: null, errors: [{ extensions: { code: "PAYLOAD_TOO_LARGE", limit: MAX_POST_BYTES } }] });
    expect(JSON.stringify(replaced)).toContain("the update of version 7");
    expect(JSON.stringify(replaced).length).toBeLessThan(1000);
  });

  it("a subscriber gets an update too large to post as PAYLOAD_TOO_LARGE in its place, then the next ones", async () => {
    const posted: ServerMessage[] = [];
    const post = async (_: string, message: ServerMessage) => {
      if (JSON.stringify(message).length > MAX_POST_BYTES) throw new Error("413 Message too long");
      posted.push(message);
      return "sent" as const;
    };
    const entry = (version: number): TimelineEntry => ({ event: { type: "DiceRolled", version } as unknown as MatchEvent, state: {} as MatchState });
    const subscription = { connectionId: "c", subscriptionId: "s1", matchId: "m", lastSent: 0 } as SubscriptionRecord;
    const progress = { sent: 0 };
    const render = async (_: SubscriptionRecord, e: TimelineEntry) => (e.event.version === 2 ? huge : { data: { version: e.event.version } });
    const ended = await sendUpdates({ post, connections: {} as ConnectionStore }, render, subscription, [1, 2, 3].map(entry), progress);
    expect(ended).toBe("open");
    expect(progress.sent).toBe(3);
    expect(posted.map((m) => (m.type === "next" ? m.payload : null))).toEqual([
      { data: { version: 1 } },
      { data: null, errors: [expect.objectContaining({ extensions: { code: "PAYLOAD_TOO_LARGE", limit: MAX_POST_BYTES, version: 2 } })] },
      { data: { version: 3 } },
    ]);
  });
});
