import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { checkAddress, checkWebhookUrl, literalAddress, type TargetPolicy } from "./target-policy.js";

/** One signed delivery: where, its Standard Webhooks headers, and the JSON body they sign. */
export interface Delivery {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

/** A host's addresses, every one of them (the policy checks them all): dns.lookup by default, a table in tests. */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface SendOptions {
  readonly policy: TargetPolicy;
  readonly resolve?: Resolver;
  /** Until the connection (and its TLS handshake) is up. */
  readonly connectTimeoutMs?: number;
  /** The whole attempt, from resolving the name to the answer's status. */
  readonly timeoutMs?: number;
  /** How much of the answer is read: a receiver is to answer 2xx, not talk; the rest is never read. */
  readonly maxAnswerBytes?: number;
}

/**
 * Short, since a worker sends many: a receiver that cannot answer within 10 s is to queue the
 * event and answer first (the Standard Webhooks advice), and is tried again on the schedule.
 */
export const CONNECT_TIMEOUT_MS = 5_000;
export const TIMEOUT_MS = 10_000;
export const MAX_ANSWER_BYTES = 4096;

/** Why an attempt failed: a closed set, for the delivery log and a disabled webhook's reason. */
export const SEND_ERRORS = ["refusedTarget", "dns", "connectTimeout", "timeout", "connection", "redirect", "status"] as const;
export type SendError = (typeof SEND_ERRORS)[number];

export interface SendResult {
  /** Whether the receiver answered 2xx: then the event is delivered. */
  readonly ok: boolean;
  /** The answer's status, or null when none came. */
  readonly status: number | null;
  readonly latencyMs: number;
  readonly error?: { readonly code: SendError; readonly message: string };
  /** The first `maxAnswerBytes` of the answer's body, for the delivery log. */
  readonly answer?: string;
}

/**
 * One delivery attempt: POST the body to the URL, never anywhere else. The name is resolved once
 * here and every address it has is checked against the policy; the request then connects to the
 * checked address only (its `lookup` hands back that address whatever the name resolves to by
 * then), so a DNS answer that changes between the check and the connection (DNS rebinding)
 * cannot slip a private address through. No redirect is followed: a 3xx fails with its status,
 * since a redirect could point anywhere, checked or not. Never throws: every failure is a result.
 */
export async function sendWebhook(delivery: Delivery, options: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const fail = (code: SendError, message: string, status: number | null = null, answer?: string): SendResult => ({
    ok: false,
    status,
    latencyMs: elapsed(),
    error: { code, message },
    ...(answer === undefined ? {} : { answer }),
  });

  const checked = checkWebhookUrl(delivery.url, options.policy);
  if (!checked.ok) return fail("refusedTarget", checked.message);
  const url = checked.url;

  let target: ResolvedAddress;
  const literal = literalAddress(url);
  if (literal !== null) target = { address: literal, family: isIP(literal) };
  else {
    let addresses: readonly ResolvedAddress[];
    try {
      addresses = await withTimeout((options.resolve ?? systemResolver)(url.hostname), timeoutMs);
    } catch (error) {
      return fail(error instanceof TimedOut ? "timeout" : "dns", `${url.hostname}: ${messageOf(error)}`);
    }
    if (addresses.length === 0) return fail("dns", `${url.hostname} has no address`);
    // Every address, not only the one used: a name that also points inside is refused outright.
    for (const { address } of addresses) {
      const check = checkAddress(address, options.policy);
      if (!check.ok) return fail("refusedTarget", `${url.hostname} resolves to ${check.message}`);
    }
    target = addresses[0]!;
  }

  const remaining = timeoutMs - (performance.now() - started);
  if (remaining <= 0) return fail("timeout", `No answer within ${timeoutMs} ms`);
  const connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  const maxAnswerBytes = options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    let request: http.ClientRequest | undefined;
    // What the deadline does: fail while no answer came, end the reading of its body once one has.
    let onDeadline = (): void => settle(fail("timeout", `No answer within ${timeoutMs} ms`));
    const connectTimer = setTimeout(() => settle(fail("connectTimeout", `No connection within ${connectTimeoutMs} ms`)), connectTimeoutMs);
    const deadline = setTimeout(() => onDeadline(), remaining);
    function settle(result: SendResult): void {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(deadline);
      request?.destroy();
      resolve(result);
    }

    // The request's own DNS step, answered with the address checked above and nothing else.
    const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
      if (lookupOptions.all) (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [target]);
      else callback(null, target.address, target.family);
    };
    const secure = url.protocol === "https:";
    request = (secure ? https : http).request({
      protocol: url.protocol,
      // A literal is connected to as such (an IPv6 one without its brackets); a name goes through `pinned`.
      host: literal ?? url.hostname,
      port: url.port === "" ? (secure ? 443 : 80) : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: "POST",
      headers: {
        ...delivery.headers,
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(delivery.body)),
        "user-agent": "Tabula-Webhooks/1",
        connection: "close",
      },
      // A connection of its own, never a pooled one that was opened to another address.
      agent: false,
      lookup: pinned,
      // What a server may send in headers before its body; plenty for a receiver's answer.
      maxHeaderSize: 8192,
    });
    request.on("socket", (socket) => socket.once(secure ? "secureConnect" : "connect", () => clearTimeout(connectTimer)));
    request.on("error", (error) => settle(fail("connection", messageOf(error))));

    request.on("response", (response) => {
      clearTimeout(connectTimer);
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      // Once the status is in, the answer is decided: the body is read for the log only, and a
      // receiver that stalls or breaks off in it does not undo its 2xx.
      const done = (): void => {
        const answer = Buffer.concat(chunks).subarray(0, maxAnswerBytes).toString("utf8");
        if (status >= 200 && status < 300) settle({ ok: true, status, latencyMs: elapsed(), answer });
        else if (status >= 300 && status < 400) settle(fail("redirect", `Redirects are not followed (${status} to ${response.headers.location ?? "nowhere"})`, status, answer));
        else settle(fail("status", `The receiver answered ${status}`, status, answer));
      };
      onDeadline = done;
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        // Enough read: the rest is never read, the connection closes (settle destroys it).
        if (size >= maxAnswerBytes) done();
      });
      response.on("end", done);
      response.on("error", done);
      response.on("aborted", done);
    });

    request.end(delivery.body);
  });
}

class TimedOut extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const messageOf = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
};
