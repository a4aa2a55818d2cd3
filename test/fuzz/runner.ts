import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { isDeepStrictEqual } from "node:util";
import type { Logger } from "../../src/logger.js";
import { startServer } from "../../src/server/app.js";
import type { GatewayMode } from "../../src/server/gateway-mode.js";
import { DEFAULT_RATE_LIMITS } from "../../src/server/rate-limiter.js";
import { createDynamoClients } from "../../src/store/dynamo/client.js";
import { DynamoEventStore } from "../../src/store/dynamo/event-store.js";
import { judgeCommits } from "./commit-judge.js";
import type { Exchange, Finding, Repro } from "./exchange.js";
import type { Target } from "./http-exchange.js";
import { knownDefectOf } from "./known-defects.js";
import { LiveWatchers } from "./live-watchers.js";
import { auditDeliveries, startDeliveryReceiver } from "./delivery-audit.js";
import { auditLogs } from "./log-audit.js";
import { CommitObserver } from "./observed-commits.js";
import { issuedWebhookSecrets, leakedSecrets } from "./secret-scan.js";
import { setUpMatches } from "./setup-matches.js";
import { intents, run } from "./traffic.js";
import { World } from "./world.js";

export interface FuzzOptions {
  readonly requests: number;
  readonly seed: number;
  /** How the server serves WebSockets: graphql-ws in process (default) or the Lambda handlers behind a local API Gateway. */
  readonly gateway?: GatewayMode;
  /** The rate limits `npm start` sets (off by default, as for the tests): then RATE_LIMITED is met too. */
  readonly rateLimits?: boolean;
  /** Progress lines (every 1000 requests); silent when absent. */
  readonly progress?: (line: string) => void;
}

export interface Violation {
  /** The request's number in the run (0 = setup, before the fuzzing). */
  readonly index: number;
  readonly transport: string;
  readonly operation: string;
  readonly purpose: "legal" | "hostile" | "audit";
  readonly kind: string;
  readonly detail: string;
  readonly repro: Repro | null;
  /** The open defect that explains it, if any: then it does not fail the run. */
  readonly defect?: string;
}

export interface FuzzReport {
  readonly seed: number;
  readonly gateway: GatewayMode;
  readonly rateLimits: boolean;
  readonly requests: number;
  readonly durationMs: number;
  /** "transport operation" -> requests. */
  readonly byOperation: ReadonlyMap<string, number>;
  /** "transport outcome" -> count (an answer may count several codes). */
  readonly outcomes: ReadonlyMap<string, number>;
  readonly legal: { readonly commands: number; readonly accepted: number };
  /** Hostile commands the server accepted (legal by chance: an opening roll by either seat...). */
  readonly hostileAccepted: ReadonlyMap<string, number>;
  readonly matches: { readonly setup: number; readonly total: number; readonly finished: number; readonly events: number; readonly rulesets: ReadonlyMap<string, number> };
  readonly watchers: number;
  /** Webhook deliveries received (each verified and searched for secrets). */
  readonly webhookDeliveries: number;
  readonly violations: readonly Violation[];
  readonly tolerated: readonly Violation[];
}

/** Deterministic bytes for ids, tokens and dice seeds: the same seed plays the same matches. */
export function seededRandomBytes(seed: number): (size: number) => Buffer {
  let counter = 0;
  return (size) => {
    const out = Buffer.alloc(size);
    for (let filled = 0; filled < size; filled += 32) createHash("sha256").update(`tabula-fuzz:${seed}:${counter++}`).digest().copy(out, filled);
    return out;
  };
}

const bump = (map: Map<string, number>, key: string, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

/**
 * Starts a real server (embedded store in memory, real sockets), sets up live matches of every
 * ruleset (a webhook on each, to a receiver of the run), sends `requests` fuzzed requests one at
 * a time, and audits every log and every webhook delivery at the end.
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const logged: string[] = [];
  const logger: Logger = {
    error: (message, error) => logged.push(`${message}${error ? `: ${error instanceof Error ? error.message : String(error)}` : ""}`),
    warn: () => {},
    info: () => {},
    debug: () => {},
    child: () => logger,
    isEnabled: (level) => level === "error",
  };
  const processErrors: string[] = [];
  const onProcessError = (error: unknown) => processErrors.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.on("unhandledRejection", onProcessError);
  process.on("uncaughtException", onProcessError);
  // Libraries in the server report what they take for internal errors on the console.
  const consoleError = console.error;
  const consoleWarn = console.warn;
  console.error = (...args: unknown[]) => logged.push(`console.error: ${args.map((a) => (a instanceof Error ? a.message : String(a))).join(" ")}`);
  console.warn = (...args: unknown[]) => logged.push(`console.warn: ${args.map(String).join(" ")}`);

  // On the DynamoDB adapter (dynalite): the observer reads each commit item as the store
  // acknowledges it, and that adapter is the one AWS runs. The Level store has its contract tests.
  const server = await startServer({ port: 0, memory: true, store: "dynamodb", logger, randomBytes: seededRandomBytes(options.seed), gateway: options.gateway ?? "direct", rateLimits: options.rateLimits ? DEFAULT_RATE_LIMITS : undefined });
  const port = (server.httpServer.address() as AddressInfo).port;
  const observer = new CommitObserver(server.embedded!, server.tableName);
  const world = new World();
  let keys = 0;
  const receiver = await startDeliveryReceiver();
  const target: Target = { port, world, freshKey: () => `fuzz-${options.seed}-${++keys}`, webhookUrl: receiver.url };
  let deliveries = 0;
  const watchers = new LiveWatchers(port, world);

  const byOperation = new Map<string, number>();
  const outcomes = new Map<string, number>();
  const hostileAccepted = new Map<string, number>();
  const violations: Violation[] = [];
  const tolerated: Violation[] = [];
  const legal = { commands: 0, accepted: 0 };
  let index = 0;

  const note = (exchange: Exchange | null, finding: Finding, purpose: Violation["purpose"] = exchange?.purpose ?? "audit") => {
    const violation: Violation = { index, transport: exchange?.transport ?? "audit", operation: exchange?.operation ?? "audit", purpose, kind: finding.kind, detail: finding.detail, repro: exchange?.repro ?? null };
    const defect = exchange ? knownDefectOf(exchange, finding) : undefined;
    if (defect) tolerated.push({ ...violation, defect: defect.id });
    else violations.push(violation);
  };
  const auditReceived = () => {
    const arrived = receiver.received.splice(0);
    deliveries += arrived.length;
    for (const finding of auditDeliveries(arrived, world)) note(null, finding);
  };
  const handle = (exchange: Exchange, origin: "setup" | "fuzz") => {
    const findings = [...exchange.findings, ...judgeCommits(exchange, observer.take(), world, origin)];
    // Searched now that the model has this exchange's writes: a command ending a match may reveal its seed.
    // And a createMatch answer hands out the new match's tokens: that is its purpose.
    // So does a createWebhook or rotateWebhookSecret answer its new signing secret.
    const issued = exchange.disclosed.flatMap(({ text }) => issuedWebhookSecrets(exchange.operation, text));
    const handedOut = [...[...exchange.created.values()].flat(), ...issued.map((i) => i.secret)].join(" ");
    for (const { where, text, sent } of exchange.disclosed) {
      for (const secret of leakedSecrets(text, world, `${sent} ${handedOut}`)) findings.push({ kind: "secret leaked", detail: `${where} disclosed ${secret}` });
    }
    for (const { secret, webhookId } of issued) world.noteWebhookSecret(webhookId, secret);
    for (const view of exchange.views) world.noteView(view);
    for (const line of logged.splice(0)) findings.push({ kind: "server logged an error", detail: line });
    for (const error of processErrors.splice(0)) findings.push({ kind: "process error", detail: error });
    for (const finding of findings) note(exchange, finding);
    bump(byOperation, `${exchange.transport} ${exchange.operation}${exchange.purpose === "legal" ? " (legal)" : ""}`);
    for (const outcome of exchange.outcomes) bump(outcomes, `${exchange.transport} ${outcome}`);
    for (const claim of exchange.claims) {
      if (claim.purpose === "legal" && claim.kind !== "create") {
        legal.commands++;
        if (claim.accepted) legal.accepted++;
      } else if (claim.accepted && claim.kind !== "create") bump(hostileAccepted, `${claim.kind} via ${exchange.transport}`);
    }
  };

  try {
    await setUpMatches(target, (exchange) => handle(exchange, "setup"));
    // The snapshot the end is compared with, read from the store itself.
    const { client, doc } = createDynamoClients({ endpoint: server.embedded!.endpoint });
    const store = new DynamoEventStore(doc, server.tableName);
    for (const match of world.matches) {
      match.before = await store.readEvents(match.id, 0, Number.MAX_SAFE_INTEGER);
      if (!isDeepStrictEqual(match.before, match.log)) note(null, { kind: "model", detail: `the store's log of ${match.id} is not what the observer saw during setup` });
    }
    const setup = world.matches.length;
    world.matches.forEach((match, i) => watchers.watch(match, i));

    for (const step of intents(options.seed)) {
      if (index >= options.requests) break;
      await run(step, target, (exchange) => {
        index++;
        handle(exchange, "fuzz");
        if (index % 500 === 0) auditReceived();
        if (index % 1000 === 0) options.progress?.(`${index} requests, ${world.matches.length} matches, ${violations.length} violations, ${Math.round((Date.now() - started) / 1000)} s`);
      });
    }

    // The end: every watcher has the whole log; every log is the snapshot plus what was accepted.
    for (const finding of await watchers.finish(20_000)) note(null, finding);
    for (const line of logged.splice(0)) note(null, { kind: "server logged an error", detail: line });
    for (const finding of await auditLogs(world, store, server.tableName, doc)) note(null, finding);
    await server.webhooks.idle();
    auditReceived();
    // Without deliveries the search of them proves nothing.
    if (deliveries === 0) note(null, { kind: "webhooks", detail: "no webhook delivery arrived during the run" });
    client.destroy();
    const events = world.matches.reduce((n, m) => n + m.log.length, 0);
    const rulesets = new Map<string, number>();
    for (const match of world.matches) bump(rulesets, match.ruleset);
    return {
      seed: options.seed,
      gateway: server.gateway,
      rateLimits: options.rateLimits ?? false,
      requests: index,
      durationMs: Date.now() - started,
      byOperation,
      outcomes,
      legal,
      hostileAccepted,
      matches: { setup, total: world.matches.length, finished: world.matches.filter((m) => world.finished(m)).length, events, rulesets },
      watchers: watchers.count,
      webhookDeliveries: deliveries,
      violations,
      tolerated,
    };
  } finally {
    observer.close();
    await server.close();
    await receiver.close();
    process.off("unhandledRejection", onProcessError);
    process.off("uncaughtException", onProcessError);
    console.error = consoleError;
    console.warn = consoleWarn;
  }
}
