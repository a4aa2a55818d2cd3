import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createLogger } from "../../src/logger.js";
import { startServer } from "../../src/server/app.js";
import { type Measurement, percentile, type Suite } from "../report.js";

const MATCHES = Number(process.env.BENCH_WEBHOOK_MATCHES ?? 20);
const COMMANDS = Number(process.env.BENCH_WEBHOOK_COMMANDS ?? 600);

const wallMs = (): number => performance.timeOrigin + performance.now();

/**
 * Webhook deliveries on the local server (Level store in memory): matches played over REST, each
 * with a webhook on `match.updated` to a loopback receiver that answers 200. Commit to delivery is
 * the receiver's arrival time against the event's own time (`at`, whole ms, so up to 1 ms is the
 * clock's); deliveries per second
 * over the whole run. The baseline, in the same run, is the same body POSTed straight to the same
 * receiver by the bench itself: what one local HTTP request costs, without the log, the worker,
 * the signature or the policy's checks.
 */
export const suite: Suite = {
  name: "webhooks (local server, Level store in memory, a loopback receiver)",
  async run() {
    const arrivals: { at: number; payload: { timestamp: string; data: { version: number } } | null; id: string }[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const at = wallMs();
        const id = String(req.headers["webhook-id"] ?? "");
        arrivals.push({ at, id, payload: id ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : null });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const server = await startServer({ port: 0, memory: true, logger: createLogger("silent") });
    const call = async (method: string, path: string, token?: string, body?: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return (await response.json()) as any;
    };
    try {
      // A webhook hears of what is committed after it is registered: `from` is the version then.
      const matches: { id: string; tokens: string[]; from: number; hook: string }[] = [];
      for (let i = 0; i < MATCHES; i++) {
        const created = await call("POST", "/api/matches", undefined, { ruleset: "backgammon" });
        const tokens = created.seats.map((s: { token: string }) => s.token);
        const hook = await call("POST", "/api/webhooks", tokens[0], { url, matchId: created.match.id, events: ["match.updated"] });
        matches.push({ id: created.match.id, tokens, from: created.match.version, hook: hook.webhook.id });
      }
      const play = async (count: number) => {
        for (let commands = 0; commands < count; ) {
          let played = false;
          for (const m of matches) {
            const view = await call("GET", `/api/matches/${m.id}?fields=status,toAct`);
            if (view.status === "FINISHED") continue;
            const token = m.tokens[view.toAct[0]];
            const mine = await call("GET", `/api/matches/${m.id}?fields=phase,legalMoves,version`, token);
            if (mine.phase === "roll") await call("POST", `/api/matches/${m.id}/dice`, token);
            else await call("POST", `/api/matches/${m.id}/moves`, token, { move: mine.legalMoves[0], expectedVersion: mine.version });
            commands++;
            played = true;
          }
          if (!played) return;
        }
      };
      const ids = () => new Set(arrivals.filter((a) => a.id).map((a) => a.id)).size;
      await play(COMMANDS);
      // Every version after the webhook's registration is one match.updated (passes and ends included).
      let expected = 0;
      for (const m of matches) expected += (await call("GET", `/api/matches/${m.id}?fields=version`)).version - m.from;
      const deadline = Date.now() + 60_000;
      while (ids() < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const delivered = arrivals.filter((a) => a.payload);
      const latency = delivered.map((a) => a.at - Date.parse(a.payload!.timestamp)).sort((a, b) => a - b);

      // Throughput: the webhooks paused while the matches go on, then resumed: the worker sends the
      // backlog as fast as it can, each webhook's in version order.
      for (const m of matches) await call("POST", `/api/webhooks/${m.hook}`, m.tokens[0], { paused: true });
      let before = 0;
      for (const m of matches) before += (await call("GET", `/api/matches/${m.id}?fields=version`)).version;
      await play(COMMANDS);
      let after = 0;
      for (const m of matches) after += (await call("GET", `/api/matches/${m.id}?fields=version`)).version;
      const backlog = after - before;
      const seen = ids();
      const resumed = wallMs();
      for (const m of matches) await call("POST", `/api/webhooks/${m.hook}`, m.tokens[0], { paused: false });
      while (ids() < seen + backlog && Date.now() < deadline + 60_000) await new Promise((r) => setTimeout(r, 5));
      const drained = Math.max(...arrivals.slice(-backlog).map((a) => a.at)) - resumed;

      // The baseline: the same bodies straight to the receiver, one at a time, as the worker sends them.
      const direct: number[] = [];
      const bodies = delivered.slice(0, 300).map((a) => JSON.stringify(a.payload));
      for (const body of bodies) {
        const sent = wallMs();
        await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });
        direct.push(arrivals[arrivals.length - 1]!.at - sent);
      }
      direct.sort((a, b) => a - b);
      const out: Measurement[] = [];
      for (const p of [50, 99]) {
        out.push({ name: `commit to delivery, p${p} (${delivered.length} deliveries of ${expected}, ${MATCHES} matches)`, unit: "ms", value: percentile(latency, p), better: "lower", baseline: `p${p} of a bare POST of the same body to the receiver`, baselineValue: percentile(direct, p) });
      }
      out.push({ name: `deliveries per second, a backlog of ${backlog} over ${MATCHES} webhooks`, unit: "deliveries/s", value: (Math.min(backlog, ids() - seen) * 1000) / drained, better: "higher", baseline: "bare POSTs per second, one at a time", baselineValue: 1000 / (direct.reduce((a, b) => a + b, 0) / direct.length) });
      return out;
    } finally {
      await server.close();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  },
};
