import { ERROR_CODES, HTTP_STATUS } from "../../errors.js";
import { LIMITS } from "../limits.js";

/**
 * OpenAPI 3.1 description of the REST API, served at GET /api/openapi.json. Kept as a plain
 * object next to the routes; test/api/openapi.test.ts checks that both list the same routes
 * and that every `$ref` resolves.
 */
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ref("ErrorBody") } },
});
const json = (schema: object) => ({ "application/json": { schema } });

const errorTable = ERROR_CODES.map((code) => `| ${code} | ${HTTP_STATUS[code]} |`).join("\n");

const commonErrors = {
  "400": { $ref: "#/components/responses/BadRequest" },
  "413": { $ref: "#/components/responses/PayloadTooLarge" },
  "500": { $ref: "#/components/responses/InternalError" },
};

export const openApiDocument = {
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
      "Errors: `{\"error\": {\"code\", \"message\", ...details}}`. Codes (closed set) and their usual status:\n\n" +
      `| code | HTTP |\n|---|---|\n${errorTable}\n\n` +
      "Transport errors use these statuses instead: 404 for an unknown route (NOT_FOUND), 405 for a wrong method and 415 for a " +
      "body that is not `application/json` (both BAD_USER_INPUT).\n\n" +
      `Limits: request body ${LIMITS.maxBodyBytes} bytes; a move or the options ${LIMITS.maxMoveBytes} bytes as JSON; ` +
      `idempotency keys 1..${LIMITS.maxIdempotencyKeyLength} characters; ${LIMITS.maxEventsPage} events per page.`,
    license: { name: "MIT", identifier: "MIT" },
  },
  servers: [{ url: "/", description: "This server" }],
  tags: [{ name: "matches", description: "Matches, their commands and their event log" }, { name: "meta" }],
  paths: {
    "/api/matches": {
      post: {
        operationId: "createMatch",
        tags: ["matches"],
        summary: "Create a match",
        description: "Creates a match and returns one secret token per seat. The tokens are shown only here. Needs no token.",
        security: [],
        requestBody: { required: true, content: json(ref("CreateMatchRequest")) },
        responses: {
          "201": {
            description: "Created. `Location` points at the match.",
            headers: { Location: { schema: { type: "string" } }, ETag: { $ref: "#/components/headers/ETag" } },
            content: json(ref("CreateMatchResponse")),
          },
          ...commonErrors,
          "415": { $ref: "#/components/responses/UnsupportedMediaType" },
        },
      },
    },
    "/api/matches/{id}": {
      get: {
        operationId: "getMatch",
        tags: ["matches"],
        summary: "Read a match",
        description: "Open to spectators. With a seat token the view is that seat's (including its `legalMoves`).",
        security: [{}, { bearerAuth: [] }],
        parameters: [{ $ref: "#/components/parameters/MatchId" }],
        responses: {
          "200": { description: "The match.", headers: { ETag: { $ref: "#/components/headers/ETag" } }, content: json(ref("Match")) },
          "401": errorResponse("UNAUTHENTICATED: the Authorization header is not `Bearer <token>`."),
          "403": errorResponse("FORBIDDEN: the token belongs to no seat of this match."),
          "404": errorResponse("NOT_FOUND: no match with this id."),
          "500": { $ref: "#/components/responses/InternalError" },
        },
      },
    },
    "/api/matches/{id}/dice": {
      post: {
        operationId: "rollDice",
        tags: ["matches"],
        summary: "Roll the dice",
        description:
          "Rolls for the token's seat when the match waits for its roll. The roll is derived from the match's secret seed " +
          "(see `diceCommitment`). No body is needed (an empty body or `{}`).",
        security: [{ bearerAuth: [] }],
        parameters: [{ $ref: "#/components/parameters/MatchId" }],
        requestBody: { required: false, content: json(ref("RollDiceRequest")) },
        responses: {
          "200": { description: "The match after the roll.", headers: { ETag: { $ref: "#/components/headers/ETag" } }, content: json(ref("Match")) },
          ...commonErrors,
          "401": errorResponse("UNAUTHENTICATED: no token, or a malformed Authorization header."),
          "403": errorResponse("FORBIDDEN: the token belongs to no seat of this match."),
          "404": errorResponse("NOT_FOUND: no match with this id."),
          "409": errorResponse("NOT_YOUR_TURN, ALREADY_ROLLED, NO_DICE_IN_RULESET, MATCH_FINISHED or VERSION_CONFLICT."),
          "415": { $ref: "#/components/responses/UnsupportedMediaType" },
        },
      },
    },
    "/api/matches/{id}/moves": {
      post: {
        operationId: "submitMove",
        tags: ["matches"],
        summary: "Play a move",
        description:
          "Plays a move for the token's seat. A move is legal iff it is one of the match's `legalMoves` for that seat " +
          "(backgammon: a string such as \"24/18 13/8\").\n\n" +
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
        responses: {
          "200": { description: "The match after the move.", headers: { ETag: { $ref: "#/components/headers/ETag" } }, content: json(ref("Match")) },
          ...commonErrors,
          "401": errorResponse("UNAUTHENTICATED: no token, or a malformed Authorization header."),
          "403": errorResponse("FORBIDDEN: the token belongs to no seat of this match."),
          "404": errorResponse("NOT_FOUND: no match with this id."),
          "409": errorResponse("NOT_YOUR_TURN, DICE_NOT_ROLLED, VERSION_CONFLICT (with `currentVersion`) or MATCH_FINISHED."),
          "415": { $ref: "#/components/responses/UnsupportedMediaType" },
          "422": errorResponse("ILLEGAL_MOVE (with `reason`) or IDEMPOTENCY_KEY_REUSED."),
        },
      },
    },
    "/api/matches/{id}/events": {
      get: {
        operationId: "listEvents",
        tags: ["matches"],
        summary: "Read the match log",
        description: "Events with a version greater than `after`, oldest first. Public: events hold nothing secret.",
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
        ],
        responses: {
          "200": { description: "A page of events.", content: json(ref("EventsPage")) },
          "400": { $ref: "#/components/responses/BadRequest" },
          "404": errorResponse("NOT_FOUND: no match with this id."),
          "500": { $ref: "#/components/responses/InternalError" },
        },
      },
    },
    "/api/matches/{id}/stream": {
      get: {
        operationId: "streamUpdates",
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
          "400": { $ref: "#/components/responses/BadRequest" },
          "403": errorResponse("FORBIDDEN: the token belongs to no seat of this match."),
          "404": errorResponse("NOT_FOUND: no match with this id."),
          "500": { $ref: "#/components/responses/InternalError" },
        },
      },
    },
    "/api/openapi.json": {
      get: {
        operationId: "getOpenApi",
        tags: ["meta"],
        summary: "This document",
        security: [],
        responses: { "200": { description: "The OpenAPI 3.1 description of the REST API.", content: json({ type: "object" }) } },
      },
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
      ETag: { description: "The match version as an entity tag, e.g. `\"7\"`; send it back as `If-Match`.", schema: { type: "string" } },
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
        description: "The expected version as an entity tag, e.g. `\"7\"` (same as `expectedVersion`).",
        schema: { type: "string" },
      },
    },
    responses: {
      BadRequest: errorResponse("BAD_USER_INPUT (malformed JSON, wrong types, unknown keys; `issues` lists what is wrong) or QUERY_TOO_COMPLEX."),
      PayloadTooLarge: errorResponse(`PAYLOAD_TOO_LARGE: the body is over ${LIMITS.maxBodyBytes} bytes, or a move/options over ${LIMITS.maxMoveBytes} bytes as JSON.`),
      UnsupportedMediaType: errorResponse("BAD_USER_INPUT: the body is not sent as `application/json`."),
      InternalError: errorResponse("INTERNAL_SERVER_ERROR: something failed on the server; nothing about it is shown."),
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
              message: { type: "string", description: "For humans; may change." },
              currentVersion: { type: "integer", description: "VERSION_CONFLICT: the version the match is at." },
              reason: { type: "string", description: "ILLEGAL_MOVE: the ruleset's machine-readable reason." },
              toMove: { type: "integer", description: "NOT_YOUR_TURN: the seat that is to act." },
              issues: {
                type: "array",
                description: "BAD_USER_INPUT for a body: what is wrong, where.",
                items: { type: "object", properties: { path: { type: "string" }, message: { type: "string" } } },
              },
              limit: { type: "integer", description: "PAYLOAD_TOO_LARGE: the limit in bytes." },
            },
            additionalProperties: true,
          },
        },
      },
      Json: { description: "Any JSON value." },
      MatchStatus: { type: "string", enum: ["WAITING", "ACTIVE", "FINISHED"] },
      Match: {
        type: "object",
        description: "A match as the viewer (a seat, or a spectator without a token) may see it.",
        required: ["id", "ruleset", "status", "version", "seat", "seats", "toMove", "dice", "legalMoves", "state", "winner", "result", "diceCommitment", "diceSeed", "createdAt", "updatedAt"],
        properties: {
          id: { type: "string" },
          ruleset: { type: "string", examples: ["backgammon"] },
          status: ref("MatchStatus"),
          version: { type: "integer", minimum: 1, description: "Number of events in the log; changes with every accepted command." },
          seat: { type: ["integer", "null"], description: "The viewer's seat, null for a spectator." },
          seats: { type: "integer", minimum: 1 },
          toMove: { type: ["integer", "null"], description: "The seat that must act now; null when several may (opening roll) or none." },
          dice: { type: ["array", "null"], items: { type: "integer" }, description: "Dice the seat to move may still use." },
          legalMoves: { type: "array", items: ref("Json"), description: "Every move the viewer may submit now; empty unless the viewer is to act." },
          state: { ...ref("Json"), description: "Drawable, ruleset-specific view of the game for this viewer." },
          winner: { type: ["integer", "null"] },
          result: { description: "Once finished: `{winner, winners, detail}`; null before.", oneOf: [{ type: "null" }, { type: "object" }] },
          diceCommitment: { type: "string", description: "SHA-256 (hex) of the secret dice seed, published at creation." },
          diceSeed: { type: ["string", "null"], description: "The seed (hex), revealed once the match is finished." },
          createdAt: { type: "string", format: "date-time" },
          updatedAt: { type: "string", format: "date-time" },
        },
      },
      MatchEvent: {
        type: "object",
        required: ["version", "type", "at", "data"],
        properties: {
          version: { type: "integer", minimum: 1, description: "Position in the log, from 1, without gaps." },
          type: { type: "string", enum: ["MatchCreated", "DiceRolled", "MovePlayed", "TurnPassed", "MatchFinished"] },
          at: { type: "string", format: "date-time" },
          data: { type: "object", description: "The event's payload, e.g. `{seat, n, values}` for DiceRolled." },
        },
      },
      EventsPage: { type: "object", required: ["events"], properties: { events: { type: "array", items: ref("MatchEvent") } } },
      SeatCredential: {
        type: "object",
        required: ["seat", "token"],
        properties: { seat: { type: "integer", minimum: 0 }, token: { type: "string", description: "Send as `Authorization: Bearer <token>`." } },
      },
      CreateMatchRequest: {
        type: "object",
        required: ["ruleset"],
        additionalProperties: false,
        properties: {
          ruleset: { type: "string", examples: ["backgammon"] },
          options: { ...ref("Json"), description: `Ruleset options (at most ${LIMITS.maxOptionsBytes} bytes as JSON).` },
          seats: { type: ["integer", "null"], minimum: 1, maximum: 64 },
        },
      },
      CreateMatchResponse: {
        type: "object",
        required: ["match", "seats"],
        properties: { match: ref("Match"), seats: { type: "array", items: ref("SeatCredential") } },
      },
      RollDiceRequest: { type: "object", additionalProperties: false, properties: {} },
      SubmitMoveRequest: {
        type: "object",
        required: ["move"],
        additionalProperties: false,
        properties: {
          move: { ...ref("Json"), description: `The move in the ruleset's notation (at most ${LIMITS.maxMoveBytes} bytes as JSON).`, examples: ["24/18 13/8"] },
          expectedVersion: { type: ["integer", "null"], minimum: 0 },
          idempotencyKey: { type: ["string", "null"], minLength: 1, maxLength: LIMITS.maxIdempotencyKeyLength },
        },
      },
    },
  },
} as const;
