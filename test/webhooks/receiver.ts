import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/** One POST the receiver got: its Standard Webhooks headers and body as sent. */
export interface Received {
  readonly id: string;
  readonly timestamp: string;
  readonly signature: string;
  readonly body: string;
  readonly payload: { type: string; timestamp: string; data: Record<string, any> };
  /** What the receiver answered (null: it held the request and never answered). */
  readonly answered: number | null;
}

/**
 * A real receiver on loopback (node:http): it records every POST and answers `status` (200
 * unless told), or holds the request unanswered while `hold` is set.
 */
export interface Receiver {
  readonly url: string;
  readonly received: Received[];
  status: number;
  hold: boolean;
  /** The deliveries it answered 2xx, each id once (what a receiver that dedupes keeps), in arrival order. */
  accepted(): Received[];
  waitFor(check: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const held: ServerResponse[] = [];
  const receiver = {
    url: "",
    received,
    status: 200,
    hold: false,
    accepted(): Received[] {
      const seen = new Set<string>();
      return received.filter((r) => r.answered !== null && r.answered < 300 && !seen.has(r.id) && (seen.add(r.id), true));
    },
    async waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
      const until = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > until) throw new Error(`receiver: condition not met within ${timeoutMs} ms (${received.length} received)`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const answered = receiver.hold ? null : receiver.status;
      received.push({
        id: String(req.headers["webhook-id"]),
        timestamp: String(req.headers["webhook-timestamp"]),
        signature: String(req.headers["webhook-signature"]),
        body,
        payload: JSON.parse(body),
        answered,
      });
      if (answered === null) return void held.push(res);
      res.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}

/** Throws unless the delivery verifies with the secret (the `standardwebhooks` package, as a receiver would). */
export function verify(secret: string, r: Received): unknown {
  return new Webhook(secret).verify(r.body, { "webhook-id": r.id, "webhook-timestamp": r.timestamp, "webhook-signature": r.signature });
}
