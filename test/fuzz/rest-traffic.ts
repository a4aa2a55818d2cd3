import fc from "fast-check";
import { OPERATION_NAMES, restRouteOf } from "../../src/api/operations.js";
import { RULESETS } from "../../src/engine/registry.js";
import { createdIn, matchViewsIn } from "./answer-checks.js";
import { allowedRestCodes, restTargetLabel, restTargetOf } from "./expected-codes.js";
import type { CommandClaim, Exchange } from "./exchange.js";
import { exchangeHttp, type Target } from "./http-exchange.js";
import { byteMutation, type ByteMutation, edgyNumberText, hostileJsonText, mutateBytes, nastyString, optionsText, percentEncode, seatsText } from "./hostile-values.js";
import type { RawHttpRequest } from "./raw-http.js";
import { type AuthRef, authRef, type KeyRef, keyRef, type MatchRef, matchRef, type MoveRef, moveRef, resolveAuth, resolveKey, resolveMatch, resolveMove, resolveVersion, type VersionRef, versionRef } from "./world-refs.js";

/** Every documented route (from the operations table, so a new one is fuzzed as it lands)... */
const ROUTES = OPERATION_NAMES.flatMap((name) => {
  const route = restRouteOf(name);
  return route ? [route.split(" ") as [string, string]] : [];
});
const ROUTE_PATHS = [...new Set(ROUTES.map(([, path]) => path.replace("/api/rulesets/{id}", "/api/rulesets/{ruleset}")))];
/** ...and paths next to them that must not be mistaken for one. */
const NEAR_PATHS = [
  "/healthz",
  "/",
  "/api",
  "/api/",
  "/api/matches/",
  "/api/matches/{id}/",
  "/api/matches/{id}/moves/1",
  "/api/matches/{id}/nope",
  "/api/Matches/{id}",
  "//api/matches/{id}",
  "/api/matches/x/../{id}/dice",
  "/favicon.ico",
];

/** The method each path is for (the fuzzer mostly uses it, to get past routing); GET for the rest. */
const NATURAL_METHOD = new Map(ROUTES.filter(([method]) => method !== "GET").map(([method, path]) => [path, method]));

/** The commands on a match besides rolls and moves (the correspondence ones), by operation. */
const OTHER_COMMANDS = new Set<string>(["joinMatch", "claimTimeout", "resign", "acceptResignation", "declineResignation", "offerDraw", "acceptDraw", "declineDraw", "abort"]);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "get", "FOO"];

type IdStyle = "plain" | "encoded-nasty" | "raw-nasty" | "bad-percent" | "double-encoded" | "overlong";

export interface RestIntent {
  readonly kind: "rest";
  readonly path: string;
  readonly natural: boolean;
  readonly method: string;
  readonly match: MatchRef;
  readonly idStyle: IdStyle;
  readonly ruleset: string;
  readonly query: readonly (readonly [string, string])[];
  readonly auth: AuthRef;
  readonly contentType: string | null;
  readonly ifMatch: { readonly version: VersionRef; readonly form: "quoted" | "weak" | "bare" | "star" | "list" | "junk" } | null;
  readonly idempotencyKey: KeyRef;
  readonly otherHeaders: readonly (readonly [string, string])[];
  readonly body: BodyIntent;
  readonly mutation: ByteMutation;
}

type BodyIntent =
  | { readonly kind: "none" }
  | { readonly kind: "create"; readonly ruleset: string | null; readonly options: string | null; readonly seats: string | null; readonly extra: readonly (readonly [string, string])[] }
  | { readonly kind: "move"; readonly move: MoveRef | null; readonly version: VersionRef; readonly key: KeyRef; readonly extra: readonly (readonly [string, string])[] }
  | { readonly kind: "text"; readonly text: string };

const rulesetName = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...RULESETS) }, { weight: 1, arbitrary: fc.constantFrom("Backgammon", "chess", "gol ", "golnard", "") }, { weight: 1, arbitrary: nastyString });

const extraFields = fc.array(fc.tuple(fc.oneof(fc.constantFrom("__proto__", "constructor", "seat", "token", "version", "matchId"), nastyString), hostileJsonText), { maxLength: 2 });

const bodyIntent: fc.Arbitrary<BodyIntent> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: "none" as const }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("create" as const),
      ruleset: fc.option(rulesetName.map((r) => JSON.stringify(r)), { freq: 8 }),
      options: fc.option(optionsText, { freq: 1 }),
      seats: fc.option(seatsText, { freq: 1, nil: null }),
      extra: fc.oneof({ weight: 5, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: extraFields }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("move" as const),
      move: fc.option(moveRef, { freq: 12 }),
      version: versionRef,
      key: keyRef,
      extra: fc.oneof({ weight: 5, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: extraFields }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("text" as const), text: fc.oneof(fc.constantFrom("", "{}", '{"x":1}', "null", "[]", " "), hostileJsonText) }) },
);

const CONTENT_TYPES = ["application/json", "application/json", "application/json", "application/json; charset=utf-8", "APPLICATION/JSON", "application/vnd.api+json", "application/json; charset=latin1", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx", ";;;", "application/json, text/plain"];

const otherHeader: fc.Arbitrary<readonly [string, string]> = fc.oneof(
  fc.constantFrom<readonly [string, string]>(
    ["accept", "text/event-stream"],
    ["accept", "application/xml"],
    ["content-encoding", "gzip"],
    ["x-http-method-override", "DELETE"],
    ["expect", "100-continue"],
    ["origin", "https://evil.example"],
    ["x-forwarded-for", "1.2.3.4, 5.6.7.8"],
    ["content-type", "text/plain"],
    ["authorization", "Bearer tbl_second"],
    ["cookie", "x".repeat(20_000)],
  ),
  fc.tuple(fc.constantFrom("last-event-id", "x-request-id", "if-none-match", "idempotency-key"), fc.oneof(edgyNumberText, nastyString.filter((s) => /^[\x20-\x7e\x80-\xff]*$/.test(s)))),
);

export const restIntent: fc.Arbitrary<RestIntent> = fc.record({
  kind: fc.constant("rest" as const),
  path: fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...ROUTE_PATHS) }, { weight: 1, arbitrary: fc.constantFrom(...NEAR_PATHS) }),
  // Mostly the path's own method, to get past routing; now and then any method.
  natural: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  method: fc.constantFrom(...METHODS),
  match: matchRef,
  idStyle: fc.oneof({ weight: 12, arbitrary: fc.constant("plain" as const) }, { weight: 1, arbitrary: fc.constantFrom("encoded-nasty" as const, "raw-nasty" as const, "bad-percent" as const, "double-encoded" as const, "overlong" as const) }),
  ruleset: rulesetName,
  query: fc.array(
    fc.oneof(
      fc.tuple(fc.constantFrom("after", "after", "limit", "limit", "query", "x"), fc.oneof(edgyNumberText, nastyString.map(percentEncode), fc.constantFrom("%ZZ", "%E0%A4%A", "1%00", ""))),
      // `fields` of a match: lists a client may send, and lists no match has.
      fc.tuple(fc.constant("fields"), fc.oneof(fc.constantFrom("version", "id,version", "toAct,phase,legalMoves", "state", "id,,id", "version%2Cdice", ",", "", "Version", "__proto__", "id,nope"), nastyString.map(percentEncode))),
    ),
    { maxLength: 3 },
  ),
  auth: authRef,
  contentType: fc.option(fc.constantFrom(...CONTENT_TYPES), { freq: 10 }),
  ifMatch: fc.option(fc.record({ version: versionRef, form: fc.constantFrom("quoted" as const, "quoted" as const, "weak" as const, "bare" as const, "star" as const, "list" as const, "junk" as const) }), { freq: 3 }),
  idempotencyKey: fc.oneof({ weight: 3, arbitrary: fc.constant({ kind: "absent" as const }) }, { weight: 1, arbitrary: keyRef }),
  otherHeaders: fc.oneof({ weight: 6, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.array(otherHeader, { maxLength: 2 }) }),
  body: bodyIntent,
  mutation: byteMutation,
});

const NASTY_IDS: Record<Exclude<IdStyle, "plain">, (id: string) => string> = {
  "encoded-nasty": (id) => percentEncode(`${id}/../${id}?#`),
  "raw-nasty": (id) => `${id}é `,
  "bad-percent": (id) => `${id}%E0%A4%A`,
  "double-encoded": (id) => percentEncode(percentEncode(`${id}/`)),
  overlong: (id) => `%C0%AF${id}`,
};

/** Decodes a path segment as the server should; null when it cannot be decoded. */
const decoded = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

export function buildRest(intent: RestIntent, target: Target): { request: RawHttpRequest; claim: Omit<CommandClaim, "accepted" | "code" | "responseVersion"> | null; matchId: string } {
  const { world } = target;
  const { match, id } = resolveMatch(intent.match, world);
  // A webhook route is aimed at the match's webhook, when setup registered one.
  const aimed = intent.path.startsWith("/api/webhooks/{id}") ? (match?.webhookId ?? id) : id;
  const idSegment = intent.idStyle === "plain" ? percentEncode(aimed) : NASTY_IDS[intent.idStyle](aimed);
  const path = intent.path.replace("{id}", idSegment).replace("{ruleset}", percentEncode(intent.ruleset));
  const query = intent.query.length > 0 ? `?${intent.query.map(([k, v]) => `${k}=${v}`).join("&")}` : "";
  const method = intent.natural ? (NATURAL_METHOD.get(intent.path) ?? "GET") : intent.method;
  const auth = resolveAuth(intent.auth, world, match);
  const headers: [string, string | Buffer][] = [];
  if (auth.header !== null) headers.push(["authorization", auth.header]);

  let bodyText: string | undefined;
  let expectedVersion: number | undefined;
  let key: string | undefined;
  let moveJson: string | undefined;
  const body = intent.body;
  if (body.kind === "create") {
    const fields = [...(body.ruleset !== null ? [["ruleset", body.ruleset]] : []), ...(body.options !== null ? [["options", body.options]] : []), ...(body.seats !== null ? [["seats", body.seats]] : []), ...body.extra];
    bodyText = `{${fields.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`;
  } else if (body.kind === "move") {
    moveJson = body.move ? resolveMove(body.move, world, match) : undefined;
    const version = resolveVersion(body.version, world, match);
    const resolvedKey = resolveKey(body.key, match, () => target.freshKey());
    key = resolvedKey.key;
    if (version !== undefined && /^\d{1,15}$/.test(version)) expectedVersion = Number(version);
    const fields: (readonly [string, string])[] = [...(moveJson !== undefined ? [["move", moveJson] as [string, string]] : []), ...(version !== undefined ? [["expectedVersion", version] as [string, string]] : []), ...(key !== undefined ? [["idempotencyKey", JSON.stringify(key)] as [string, string]] : []), ...body.extra];
    bodyText = `{${fields.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`;
  } else if (body.kind === "text") {
    bodyText = body.text;
  }
  if (bodyText !== undefined && intent.contentType !== null) headers.push(["content-type", intent.contentType]);
  if (intent.ifMatch) {
    const v = resolveVersion(intent.ifMatch.version, world, match) ?? "1";
    const value = { quoted: `"${v}"`, weak: `W/"${v}"`, bare: v, star: "*", list: `"${v}", "${v}"`, junk: `"${v}` }[intent.ifMatch.form];
    headers.push(["if-match", value]);
    if (expectedVersion === undefined && /^\d{1,15}$/.test(v) && intent.ifMatch.form !== "star" && intent.ifMatch.form !== "list" && intent.ifMatch.form !== "junk") expectedVersion = Number(v);
  }
  if (intent.idempotencyKey.kind !== "absent") {
    const headerKey = resolveKey(intent.idempotencyKey, match, () => target.freshKey()).key;
    if (headerKey !== undefined) {
      headers.push(["idempotency-key", Buffer.from(headerKey, "utf8")]);
      key ??= Buffer.from(headerKey, "utf8").toString("latin1");
    }
  }
  headers.push(...intent.otherHeaders.map(([name, value]) => [name, value] as [string, string]));

  const request: RawHttpRequest = { method, target: `${path}${query}`, headers, ...(bodyText !== undefined ? { body: mutateBytes(bodyText, intent.mutation) } : {}) };
  const routed = restTargetOf(method, request.target);
  const segment = request.target.split("?")[0]!.split("/")[3] ?? "";
  const matchId = decoded(segment) ?? segment;
  const common = { token: auth.token, purpose: "hostile" as const };
  let claim: Omit<CommandClaim, "accepted" | "code" | "responseVersion"> | null = null;
  if (routed.kind === "operation" && routed.name === "createMatch") claim = { kind: "create", ...common };
  if (routed.kind === "operation" && routed.name === "rollDice") claim = { kind: "roll", matchId, ...common };
  if (routed.kind === "operation" && routed.name === "submitMove") claim = { kind: "move", matchId, expectedVersion, key, moveJson, ...common };
  if (routed.kind === "operation" && OTHER_COMMANDS.has(routed.name)) claim = { kind: "other", matchId, ...common };
  if (key !== undefined && moveJson !== undefined && match) world.noteKeyedMove(match.id, key, moveJson);
  return { request, claim, matchId };
}

export async function runRest(intent: RestIntent, target: Target): Promise<Exchange> {
  const { request, claim } = buildRest(intent, target);
  const routed = restTargetOf(request.method, request.target);
  const where = `${request.method} ${request.target.slice(0, 120)}`;
  const { answer, repro } = await exchangeHttp(target, request, { shape: "rest", allowed: allowedRestCodes(routed), where });
  const status = answer.response?.status ?? 0;
  const claims: CommandClaim[] = [];
  if (claim) {
    const version = (answer.json as { version?: unknown } | undefined)?.version;
    claims.push({ ...claim, accepted: status === 200 || status === 201, code: answer.codes[0], responseVersion: typeof version === "number" ? version : undefined });
  }
  return { transport: "rest", operation: restTargetLabel(routed), purpose: "hostile", outcomes: answer.outcomes, findings: answer.findings, claims, repro, created: status === 201 ? createdIn(answer.json) : new Map(), disclosed: answer.disclosed, views: [...matchViewsIn(answer.json)] };
}
