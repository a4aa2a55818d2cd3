import { drawBoard } from "../../boards/index.js";
import { LANGS, THEMES } from "../../boards/drawing.js";
import type { Json } from "../../boards/drawing.js";
import { readMatch } from "../../service/get-match.js";
import { matchViewFields } from "../../service/match-view.js";
import * as z from "../../zod.js";
import { defineOperation } from "../operation.js";
import { AtVersion, MatchId } from "./inputs.js";
import { PAST_FOREVER } from "./matches.js";


export const getBoardSvg = defineOperation({
  summary: "Draw a position",
  description:
    "A picture of the board (SVG), drawn by the same code as the embed page: the match now, or at `version` (for forum posts, e-mails and social cards). Open to spectators; a picture shows what a spectator sees.",
  restNote: "With `version`, the answer never changes and is cached for a year (`immutable`); without it, it carries the ETag of the version drawn.",
  caller: "anyone",
  input: z.strictObject({
    id: MatchId,
    version: z.nullish(AtVersion),
    theme: z.nullish(z.enum(THEMES).check(z.describe("Colours: light (default) or dark."))),
    lang: z.nullish(z.enum(LANGS).check(z.describe("The labels' language: en (default) or ru."))),
    orientation: z.nullish(z.intBetween(0, 63).check(z.describe("The seat drawn at the bottom (default 0)."))),
  }),
  errors: ["NOT_FOUND"],
  answers: "transport",
  rest: {
    method: "GET",
    path: "/api/matches/{id}/board.svg",
    tag: "matches",
    params: { id: "id" },
    query: { version: "int", theme: "string", lang: "string", orientation: "int" },
    body: "none",
    responds: { description: "The board as SVG.", content: { "image/svg+xml": { schema: { type: "string" } } }, conditional: true },
    handler: async (_request, { id, version, theme, lang, orientation }, deps) => {
      const { state } = await readMatch(deps, id, undefined, version ?? undefined);
      const drawn = { theme: theme ?? "light", lang: lang ?? "en", orientation: orientation ?? 0 } as const;
      const svg = drawBoard(state.ruleset, matchViewFields(state, null, ["state"]).state as Json, drawn);
      return {
        status: 200,
        headers: {
          "content-type": "image/svg+xml; charset=utf-8",
          "x-content-type-options": "nosniff",
          // Opened on its own, the picture may run nothing and fetch nothing.
          "content-security-policy": "default-src 'none'; sandbox",
          // A version never changes: its picture may be kept for good; the match now is re-checked by its ETag.
          "cache-control": version ? PAST_FOREVER : "no-cache",
          etag: `"${state.version}-svg-${drawn.theme}-${drawn.lang}-${drawn.orientation}"`,
        },
        body: svg,
      };
    },
  },
});
