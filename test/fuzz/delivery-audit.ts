import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import type { Finding } from "./exchange.js";
import { leakedSecrets } from "./secret-scan.js";
import type { World } from "./world.js";

export interface ReceivedDelivery {
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** A receiver on loopback that takes every webhook delivery of the run (2xx) and keeps it. */
export async function startDeliveryReceiver(): Promise<{ url: string; received: ReceivedDelivery[]; close(): Promise<void> }> {
  const received: ReceivedDelivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * What the webhooks sent: each delivery signed with a secret its webhook was handed (checked by
 * the Standard Webhooks library, whose five minutes of tolerance is why the run audits as it
 * goes), and none disclosing a secret: a seat token, a signing secret, an unfinished match's seed.
 */
export function auditDeliveries(received: readonly ReceivedDelivery[], world: World): Finding[] {
  const findings: Finding[] = [];
  for (const delivery of received) {
    const text = `${JSON.stringify(delivery.headers)}\n${delivery.body}`;
    for (const secret of leakedSecrets(text, world, "")) findings.push({ kind: "secret leaked", detail: `a webhook delivery (${delivery.headers["webhook-id"]}) disclosed ${secret}` });
    // A match's events are its webhook's; a test delivery names its webhook.
    const data = (JSON.parse(delivery.body) as { data?: { matchId?: string; webhookId?: string } }).data;
    const matchId = data?.matchId;
    const webhookId = matchId ? world.get(matchId)?.webhookId : data?.webhookId;
    const secrets = webhookId ? world.secretsOfWebhook(webhookId) : [];
    const verified = secrets.some((secret) => {
      try {
        new Webhook(secret).verify(delivery.body, delivery.headers);
        return true;
      } catch {
        return false;
      }
    });
    if (!verified) findings.push({ kind: "webhooks", detail: `delivery ${delivery.headers["webhook-id"]} (${matchId ? `match ${matchId}` : "no match"}) is not signed with a secret of its webhook ${webhookId}` });
  }
  return findings;
}
