import { DICE_KINDS, PASS_REASONS } from "../../engine/ruleset.js";
import { RULESETS } from "../../engine/registry.js";
import { ERROR_CODES, ERROR_MEANINGS, HTTP_STATUS } from "../../errors.js";
import { EVENT_TYPES } from "../../match/events.js";
import { LIMITS } from "../limits.js";
import { pathsOf, requestSchemas } from "./openapi-paths.js";
import { viewComponents } from "./openapi-schema.js";
import { ref } from "./openapi-refs.js";
import { rulesetCatalog } from "../ruleset-catalog.js";

/**
 * OpenAPI 3.1 description of the REST API, served at GET /api/openapi.json. What the code
 * already states is generated from it: the paths from the operations' declarations
 * (openapi-paths.ts), request bodies, the views and every ruleset's options and moves from their
 * zod schemas, enums from the closed sets. test/api/openapi.test.ts checks that it lists exactly
 * the router's routes and that every `$ref` resolves.
 */

/** Component name of a ruleset's schemas: `golnard-estafeta` -> `GolnardEstafeta`. */
const pascal = (id: string): string => id.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());

function build() {
  const catalog = rulesetCatalog();
  const rulesetSchemas = Object.fromEntries(
    catalog.flatMap((r) => [
      [`${pascal(r.id)}Options`, { description: `Options of a \`${r.id}\` match.`, ...(r.optionsSchema as object) }],
      [`${pascal(r.id)}Move`, { description: `One \`${r.id}\` move, as \`submitMove\` takes it and \`legalMoves\` lists it.`, ...(r.moveSchema as object) }],
    ]),
  );
  const views = viewComponents();
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
        "Authentication: `createMatch` (and `joinMatch`) hand out a secret token per seat (`tbl_...`). Send it as " +
        "`Authorization: Bearer <token>` to act for that seat. A player token (`tbp_...`, from `createPlayer`) acts for every " +
        "seat its player holds and reads its inbox (`myMatches`). Reads need no token (spectators); with one, the match is shown " +
        "as that seat sees it.\n\n" +
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
    tags: [
      { name: "matches", description: "Matches, their commands and their event log" },
      { name: "players", description: "Players across matches and their inboxes" },
      { name: "webhooks", description: "Signed deliveries of what happens in a match or to a player (docs/webhooks.md)" },
      { name: "rulesets" },
      { name: "meta" },
    ],
    paths: pathsOf(),
    components: {
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "A seat token from createMatch or joinMatch (`tbl_...`), acting for its seat of its match only; or a player token (`tbp_...`), acting for every seat its player holds.",
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
        Fields: {
          name: "fields",
          in: "query",
          required: false,
          description:
            "Comma-separated fields of the match the answer carries, e.g. `version,toAct,phase,dice,legalMoves`; without it, " +
            "all of them. A name that is not a field of a match is refused (BAD_USER_INPUT) before the command runs.",
          schema: { type: "string", examples: ["version,toAct,phase,dice,legalMoves"] },
        },
        Piece: {
          name: "piece",
          in: "query",
          required: false,
          description:
            "Only the legal moves of this piece (one of the match's `movablePieces`), and the moves of no one piece (ending the turn, the ball's own moves); the other fields are as without it.",
          schema: { type: "string", examples: ["7", "A"] },
        },
        LastEventId: {
          name: "Last-Event-ID",
          in: "header",
          required: false,
          description: "The last version received, which a reconnecting EventSource sends; wins over `after`.",
          schema: { type: "integer", minimum: 0 },
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
        EventType: { type: "string", enum: [...EVENT_TYPES] },
        PassReason: { type: "string", enum: [...PASS_REASONS], description: "Why a TurnPassed event passed the turn." },
        ...views,
        // An answer to `?fields=` has only the fields it names.
        Match: { ...views.Match, description: `${(views.Match as { description: string }).description} With \`fields\`, only the fields it names.` },
        ...requestSchemas(),
        ...rulesetSchemas,
      },
    },
  };
}

let document: ReturnType<typeof build> | undefined;

/** Built on first request: converting every schema is not free and only this route needs it. */
export const openApiDocument = (): ReturnType<typeof build> => (document ??= build());
