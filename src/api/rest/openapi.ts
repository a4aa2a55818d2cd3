import { DICE_KINDS, PASS_REASONS } from "../../engine/ruleset.js";
import { RULESETS } from "../../engine/registry.js";
import { ERROR_CODES, ERROR_MEANINGS, type ErrorCode, HTTP_STATUS } from "../../errors.js";
import { EVENT_TYPES } from "../../match/events.js";
import { MATCH_STATUSES } from "../../match/state.js";
import { LIMITS } from "../limits.js";
import { OPERATIONS, operationErrors, type OperationName } from "../operations.js";
import { jsonSchemaOf, rulesetCatalog } from "../ruleset-catalog.js";
import { CreateMatchBody, RollDiceBody, SubmitMoveBody } from "./bodies.js";

/**
 * OpenAPI 3.1 description of the REST API, served at GET /api/openapi.json. What the code
 * already states is generated from it: request bodies and every ruleset's options and moves from
 * their zod schemas, enums from the closed sets, each operation's error responses from the
 * operations table. test/api/openapi.test.ts checks that it lists exactly the router's routes and
 * that every `$ref` resolves.
 */
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ "application/json": { schema } });
const etag = { ETag: { $ref: "#/components/headers/ETag" } };
const ifNoneMatch = { $ref: "#/components/parameters/IfNoneMatch" };
const notModified = { "304": { description: "Not Modified: the `If-None-Match` tag is still current; no body.", headers: etag } };

/** Component name of a ruleset's schemas: `golnard-estafeta` -> `GolnardEstafeta`. */
const pascal = (id: string): string => id.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());

/** The error responses of an operation: its codes grouped by HTTP status, each status described by its codes. */
function errorResponses(name: OperationName): Record<string, object> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of operationErrors(name, "rest", ERROR_CODES)) {
    const status = HTTP_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      String(status),
      {
        description: codes.map((c) => `${c}: ${ERROR_MEANINGS[c]}.`).join(" "),
        ...(codes.includes("RATE_LIMITED") ? { headers: { "Retry-After": { description: "Seconds to wait before sending again.", schema: { type: "integer", minimum: 1 } } } } : {}),
        content: json(ref("ErrorBody")),
      },
    ]),
  );
}

/** One path item's operation, with the table's operationId and error responses. */
const operation = (name: OperationName, spec: Record<string, unknown> & { responses: Record<string, object> }) => ({
  operationId: name,
  ...spec,
  responses: { ...spec.responses, ...errorResponses(name) },
});

const unsupportedMediaType = { "415": { description: "BAD_USER_INPUT: the body is not sent as `application/json`.", content: json(ref("ErrorBody")) } };

function build() {
  const catalog = rulesetCatalog();
  const rulesetSchemas = Object.fromEntries(
    catalog.flatMap((r) => [
      [`${pascal(r.id)}Options`, { description: `Options of a \`${r.id}\` match.`, ...(r.optionsSchema as object) }],
      [`${pascal(r.id)}Move`, { description: `One \`${r.id}\` move, as \`submitMove\` takes it and \`legalMoves\` lists it.`, ...(r.moveSchema as object) }],
    ]),
  );
  const errorTable = ERROR_CODES.map((code) => `| ${code} | ${HTTP_STATUS[code]} | ${ERROR_MEANINGS[code]} |`).join("\n");
  return {
    openapi: "3.1.0",
    info: {
      title: "Tabula REST API",
      version: "1.0.0",
      summary: "Server-refereed dice and board games: create a match, roll, move, read the log.",
      description:
        "The same operations as the GraphQL API at `/graphql`, over one service. Every match is an append-only event log; " +
        "each command is checked against the current state and either appends events or is rejected with a stable code " +
        "and changes nothing.\n\n" +
        "Authentication: `createMatch` hands out one secret token per seat. Send it as `Authorization: Bearer <token>` to act " +
        "for that seat. Reads need no token (spectators); with one, the match is shown as that seat sees it.\n\n" +
        "Errors: `{\"error\": {\"code\", \"message\", ...details}}`. Codes (closed set), their status and when they are answered:\n\n" +
        `| code | HTTP | when |\n|---|---|---|\n${errorTable}\n\n` +
        "Every GET route answers HEAD too: the same status and headers, no body. Match reads and pages of the log carry an " +
        "`ETag`; send it back as `If-None-Match` and the answer is 304 Not Modified, without a body, while nothing changed " +
        "(a match's tag depends on its version and on the viewer: a seat's view differs from a spectator's).\n\n" +
        "Transport errors use these statuses instead: 404 for an unknown route (NOT_FOUND), 405 for a wrong method and 415 for a " +
        "body that is not `application/json` (both BAD_USER_INPUT).\n\n" +
        `Limits: request body ${LIMITS.maxBodyBytes} bytes; a move or the options ${LIMITS.maxMoveBytes} bytes as JSON; ` +
        `idempotency keys 1..${LIMITS.maxIdempotencyKeyLength} characters; ${LIMITS.maxEventsPage} events per page.\n\n` +
        `Rulesets: ${RULESETS.map((id) => `\`${id}\``).join(", ")}; the options and move schemas of each are the components ` +
        "`<Ruleset>Options` and `<Ruleset>Move`, and `GET /api/rulesets` serves them with what each ruleset awaits and notes.",
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: "/", description: "This server" }],
    tags: [{ name: "matches", description: "Matches, their commands and their event log" }, { name: "rulesets" }, { name: "meta" }],
    paths: {
      [path("createMatch")]: {
        post: operation("createMatch", {
          tags: ["matches"],
          summary: "Create a match",
          description: "Creates a match and returns one secret token per seat. The tokens are shown only here. Needs no token.",
          security: [],
          requestBody: { required: true, content: json(ref("CreateMatchRequest")) },
          responses: {
            "201": {
              description: "Created. `Location` points at the match.",
              headers: { Location: { schema: { type: "string" } }, ...etag },
              content: json(ref("CreateMatchResponse")),
            },
            ...unsupportedMediaType,
          },
        }),
      },
      [path("getMatch")]: {
        get: operation("getMatch", {
          tags: ["matches"],
          summary: "Read a match",
          description: "Open to spectators. With a seat token the view is that seat's (including its `legalMoves`).",
          security: [{}, { bearerAuth: [] }],
          parameters: [{ $ref: "#/components/parameters/MatchId" }, ifNoneMatch],
          responses: { "200": { description: "The match.", headers: etag, content: json(ref("Match")) }, ...notModified },
        }),
      },
      [path("rollDice")]: {
        post: operation("rollDice", {
          tags: ["matches"],
          summary: "Roll the dice",
          description:
            "Rolls for the token's seat when the match waits for its roll (`phase` is `roll`). The roll is derived from the " +
            "match's secret seed (see `diceCommitment`). No body is needed (an empty body or `{}`).",
          security: [{ bearerAuth: [] }],
          parameters: [{ $ref: "#/components/parameters/MatchId" }],
          requestBody: { required: false, content: json(ref("RollDiceRequest")) },
          responses: { "200": { description: "The match after the roll.", headers: etag, content: json(ref("Match")) }, ...unsupportedMediaType },
        }),
      },
      [path("submitMove")]: {
        post: operation("submitMove", {
          tags: ["matches"],
          summary: "Play a move",
          description:
            "Plays a move for the token's seat. A move is legal iff it is one of the match's `legalMoves` for that seat " +
            "(backgammon: a string such as \"24/18 13/8\"; each ruleset's move schema is the component `<Ruleset>Move`).\n\n" +
            "`expectedVersion` (or `If-Match: \"<version>\"`) makes the move conditional: if the match is at another version the " +
            "move is rejected with VERSION_CONFLICT and `currentVersion`. `idempotencyKey` (or `Idempotency-Key`) makes retries " +
            "safe: the same key with the same move returns the match without playing again; with another move it is " +
            "IDEMPOTENCY_KEY_REUSED. If both the body and a header give a value they must agree.",
          security: [{ bearerAuth: [] }],
          parameters: [
            { $ref: "#/components/parameters/MatchId" },
            { $ref: "#/components/parameters/IdempotencyKey" },
            { $ref: "#/components/parameters/IfMatch" },
          ],
          requestBody: { required: true, content: json(ref("SubmitMoveRequest")) },
          responses: { "200": { description: "The match after the move.", headers: etag, content: json(ref("Match")) }, ...unsupportedMediaType },
        }),
      },
      [path("listEvents")]: {
        get: operation("listEvents", {
          tags: ["matches"],
          summary: "Read the match log",
          description:
            "Events with a version greater than `after`, oldest first, at most `limit`. Public: events hold nothing secret. " +
            "While more events follow, `hasMore` is true, `next` is the `after` of the next page and a `Link: <...>; rel=\"next\"` " +
            "header points at it; on the last page `hasMore` is false, `next` null and there is no `Link`.",
          security: [],
          parameters: [
            { $ref: "#/components/parameters/MatchId" },
            { name: "after", in: "query", required: false, description: "Only events after this version (default 0).", schema: { type: "integer", minimum: 0, default: 0 } },
            {
              name: "limit",
              in: "query",
              required: false,
              description: `At most this many events (default and maximum ${LIMITS.maxEventsPage}).`,
              schema: { type: "integer", minimum: 1, maximum: LIMITS.maxEventsPage, default: LIMITS.maxEventsPage },
            },
            ifNoneMatch,
          ],
          responses: {
            "200": {
              description: "A page of events.",
              headers: {
                ETag: { description: "The page's tag: the version it ends at, `+` while more follow, e.g. `\"e42+\"`.", schema: { type: "string" } },
                Link: { description: "While more follow: `</api/matches/{id}/events?after=<next>[&limit=<limit>]>; rel=\"next\"`.", schema: { type: "string" } },
              },
              content: json(ref("EventsPage")),
            },
            ...notModified,
          },
        }),
      },
      [path("streamUpdates")]: {
        get: operation("streamUpdates", {
          tags: ["matches"],
          summary: "Watch the match live (Server-Sent Events)",
          description:
            "Every committed event after `after` (or after `Last-Event-ID`, which a reconnecting EventSource sends), then each new " +
            "one as it is committed, as `event: update` with `id:` = version and `data:` = `{version, event, match}` (the match as " +
            "the token's seat or a spectator sees it). Strictly in version order, each once. The local server keeps the response " +
            "open and ends it after MatchFinished; behind a gateway that buffers responses it answers with what there is and a " +
            "`retry:` hint, and the EventSource reconnects. 204 once the match is finished and nothing is left to send.",
          security: [{}, { bearerAuth: [] }],
          parameters: [
            { $ref: "#/components/parameters/MatchId" },
            { name: "after", in: "query", required: false, description: "Only events after this version (default 0).", schema: { type: "integer", minimum: 0, default: 0 } },
            { name: "Last-Event-ID", in: "header", required: false, description: "The last version received; wins over `after`.", schema: { type: "integer", minimum: 0 } },
          ],
          responses: {
            "200": { description: "An event stream.", content: { "text/event-stream": { schema: { type: "string" } } } },
            "204": { description: "The match is finished and the client has every event." },
          },
        }),
      },
      [path("listRulesets")]: {
        get: operation("listRulesets", {
          tags: ["rulesets"],
          summary: "The rulesets this server plays",
          security: [],
          responses: { "200": { description: "Every ruleset.", content: json({ type: "object", required: ["rulesets"], properties: { rulesets: { type: "array", items: ref("Ruleset") } } }) } },
        }),
      },
      [path("getRuleset")]: {
        get: operation("getRuleset", {
          tags: ["rulesets"],
          summary: "One ruleset",
          security: [],
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", enum: [...RULESETS] } }],
          responses: { "200": { description: "The ruleset.", content: json(ref("Ruleset")) } },
        }),
      },
      [path("getOpenApi")]: {
        get: operation("getOpenApi", {
          tags: ["meta"],
          summary: "This document",
          security: [],
          responses: { "200": { description: "The OpenAPI 3.1 description of the REST API.", content: json({ type: "object" }) } },
        }),
      },
    },
    components: {
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "A seat token from createMatch (`tbl_...`). It acts for its seat of its match only.",
        },
      },
      headers: {
        ETag: {
          description:
            "The match's version and the viewer, e.g. `\"7-0\"` (seat 0) or `\"7-s\"` (a spectator): send it back as `If-None-Match` " +
            "on the next read, or as `If-Match` on a move.",
          schema: { type: "string" },
        },
      },
      parameters: {
        MatchId: { name: "id", in: "path", required: true, description: "The match id.", schema: { type: "string", pattern: "^[A-Za-z0-9_-]{1,64}$" } },
        IdempotencyKey: {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description: "Same as `idempotencyKey` in the body.",
          schema: { type: "string", minLength: 1, maxLength: LIMITS.maxIdempotencyKeyLength },
        },
        IfMatch: {
          name: "If-Match",
          in: "header",
          required: false,
          description: "The expected version as an entity tag, e.g. `\"7\"`, or the `ETag` of a read (`\"7-0\"`); same as `expectedVersion`.",
          schema: { type: "string" },
        },
        IfNoneMatch: {
          name: "If-None-Match",
          in: "header",
          required: false,
          description: "The `ETag` of an earlier answer (or a comma-separated list, or `*`): 304 without a body if it is still current.",
          schema: { type: "string" },
        },
      },
      schemas: {
        ErrorCode: { type: "string", enum: [...ERROR_CODES], description: "Stable error codes; new codes may be added, none is ever renamed." },
        ErrorBody: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "message"],
              properties: {
                code: ref("ErrorCode"),
                message: { type: "string", description: "For humans, one line; may change." },
                currentVersion: { type: "integer", description: "VERSION_CONFLICT: the version the match is at." },
                reason: { type: "string", description: "ILLEGAL_MOVE and other refusals by the rules: the ruleset's machine-readable reason." },
                toMove: { type: "integer", description: "NOT_YOUR_TURN: the (first) seat that is to act." },
                toAct: { type: "array", items: { type: "integer" }, description: "NOT_YOUR_TURN: every seat that may act." },
                awaiting: { type: "string", description: "DICE_NOT_DUE: what the game awaits instead." },
                issues: {
                  type: "array",
                  description: "BAD_USER_INPUT for a body, options or a move: what is wrong, where.",
                  items: { type: "object", properties: { path: { type: "string" }, message: { type: "string" } } },
                },
                limit: { type: "integer", description: "PAYLOAD_TOO_LARGE: the limit in bytes." },
                retryAfter: { type: "integer", minimum: 1, description: "RATE_LIMITED: seconds to wait, as in the `Retry-After` header." },
              },
              additionalProperties: true,
            },
          },
        },
        Json: { description: "Any JSON value." },
        MatchStatus: { type: "string", enum: [...MATCH_STATUSES] },
        EventType: { type: "string", enum: [...EVENT_TYPES] },
        PassReason: { type: "string", enum: [...PASS_REASONS], description: "Why a TurnPassed event passed the turn." },
        Side: {
          type: "object",
          required: ["side", "seats"],
          properties: { side: { type: "string", examples: ["white", "home"] }, seats: { type: "array", items: { type: "integer", minimum: 0 } } },
        },
        Match: {
          type: "object",
          description: "A match as the viewer (a seat, or a spectator without a token) may see it.",
          required: [
            "id", "ruleset", "status", "version", "seat", "seats", "sides", "side", "toMove", "toAct", "phase", "awaiting",
            "dice", "legalMoves", "state", "winner", "result", "diceCommitment", "diceSeed", "createdAt", "updatedAt",
          ],
          properties: {
            id: { type: "string" },
            ruleset: { type: "string", enum: [...RULESETS] },
            status: ref("MatchStatus"),
            version: { type: "integer", minimum: 1, description: "Number of events in the log; changes with every accepted command." },
            seat: { type: ["integer", "null"], description: "The viewer's seat, null for a spectator." },
            seats: { type: "integer", minimum: 1 },
            sides: { type: "array", items: ref("Side"), description: "Every side and the seats that play for it." },
            side: { type: ["string", "null"], description: "The viewer's side, null for a spectator." },
            toMove: { type: ["integer", "null"], description: "The seat that must act now; null when several may (opening roll) or none." },
            toAct: { type: "array", items: { type: "integer" }, description: "Every seat that may act now." },
            phase: { type: "string", enum: ["roll", "move", "over"], description: "`roll` while rollDice is due, `move` while a move is due, `over` once finished." },
            awaiting: {
              type: "string",
              description:
                "What the game waits for, from the ruleset's closed set: " +
                catalog.map((r) => `${r.id}: ${r.awaiting.map((a) => `\`${a}\``).join(", ")}`).join("; ") +
                ".",
            },
            dice: { type: ["array", "null"], items: { type: "integer" }, description: "Dice the seat to move may still use." },
            legalMoves: { type: "array", items: ref("Json"), description: "Every move the viewer may submit now; empty unless the viewer is to act." },
            state: { ...ref("Json"), description: "Drawable, ruleset-specific view of the game for this viewer." },
            winner: { type: ["integer", "null"], description: "The winning seat when the winning side has one seat." },
            result: { description: "Once finished: `{winningSide, winners, winner, detail}`; null before.", oneOf: [{ type: "null" }, ref("Outcome")] },
            diceCommitment: { type: "string", description: "SHA-256 (hex) of the secret dice seed, published at creation." },
            diceSeed: { type: ["string", "null"], description: "The seed (hex), revealed once the match is finished." },
            createdAt: { type: "string", format: "date-time" },
            updatedAt: { type: "string", format: "date-time" },
          },
        },
        Outcome: {
          type: "object",
          required: ["winningSide", "winners", "winner", "detail"],
          properties: {
            winningSide: { type: ["string", "null"], description: "The winning side; null for a draw or a shared first place." },
            winners: { type: "array", items: { type: "integer" }, description: "Seats of every side that won or shares the win." },
            winner: { type: ["integer", "null"], description: "The winning seat when the winning side has one seat." },
            detail: { ...ref("Json"), description: "Ruleset-specific: points, score, ranking, how it ended." },
          },
        },
        MatchEvent: {
          type: "object",
          required: ["version", "type", "at", "data"],
          properties: {
            version: { type: "integer", minimum: 1, description: "Position in the log, from 1, without gaps." },
            type: ref("EventType"),
            at: { type: "string", format: "date-time" },
            data: {
              type: "object",
              description:
                "The event's payload: `{seat, n, values}` for DiceRolled; `{seat, move, notes?}` for MovePlayed (`notes`: what the move " +
                "did, each `{type, ...}` from the ruleset's notes); `{seat, reason}` for TurnPassed (a PassReason); `{outcome, diceSeed}` " +
                "for MatchFinished.",
            },
          },
        },
        EventsPage: {
          type: "object",
          required: ["events", "hasMore", "next"],
          properties: {
            events: { type: "array", items: ref("MatchEvent") },
            hasMore: { type: "boolean", description: "Whether events follow this page." },
            next: { type: ["integer", "null"], minimum: 1, description: "The `after` of the next page; null on the last page." },
          },
        },
        SeatCredential: {
          type: "object",
          required: ["seat", "token"],
          properties: { seat: { type: "integer", minimum: 0 }, token: { type: "string", description: "Send as `Authorization: Bearer <token>`." } },
        },
        Ruleset: {
          type: "object",
          required: ["id", "dice", "awaiting", "notes", "reasons", "optionsSchema", "moveSchema"],
          properties: {
            id: { type: "string", enum: [...RULESETS] },
            dice: { type: "string", enum: [...DICE_KINDS] },
            awaiting: { type: "array", items: { type: "string" } },
            notes: { type: "array", items: { type: "string" } },
            reasons: { type: "array", items: { type: "string" } },
            optionsSchema: { type: "object", description: "JSON Schema of the options." },
            moveSchema: { type: "object", description: "JSON Schema of one move." },
          },
        },
        CreateMatchRequest: {
          ...(jsonSchemaOf(CreateMatchBody) as object),
          description: `\`options\` is the ruleset's (\`<Ruleset>Options\`, at most ${LIMITS.maxOptionsBytes} bytes as JSON).`,
        },
        CreateMatchResponse: {
          type: "object",
          required: ["match", "seats"],
          properties: { match: ref("Match"), seats: { type: "array", items: ref("SeatCredential") } },
        },
        RollDiceRequest: jsonSchemaOf(RollDiceBody),
        SubmitMoveRequest: {
          ...(jsonSchemaOf(SubmitMoveBody) as object),
          description: `\`move\` is in the ruleset's notation (\`<Ruleset>Move\`, at most ${LIMITS.maxMoveBytes} bytes as JSON).`,
        },
        ...rulesetSchemas,
      },
    },
  };
}

/** The path of an operation's REST route, from the operations table. */
function path(name: OperationName): string {
  const rest: string | undefined = (OPERATIONS[name] as { rest?: string }).rest;
  if (!rest) throw new Error(`${name} has no REST route`);
  return rest.split(" ")[1]!;
}

let document: ReturnType<typeof build> | undefined;

/** Built on first request: converting every schema is not free and only this route needs it. */
export const openApiDocument = (): ReturnType<typeof build> => (document ??= build());
