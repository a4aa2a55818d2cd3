import { LANGS, THEMES } from "../../boards/drawing.js";
import * as z from "../../zod.js";

const intParam = (min: number, max: number, what: string) =>
  z.optional(z.pipe(z.string().check(z.regex(/^\d{1,6}$/, `${what} must be a whole number`)), z.transform(Number)).check(z.minimum(min), z.maximum(max)));

/**
 * The embed page's options, from its query string: how it looks (`theme`, `lang`, `size` = the
 * board's largest width in CSS pixels, `orientation` = the seat drawn at the bottom) and, with
 * `version`, which position it opens on (a replay). Other parameters are ignored, as sites add
 * their own (tracking, cache busting); a bad value of one of these is refused.
 */
export const EmbedQuery = z.object({
  theme: z.optional(z.enum(THEMES)),
  lang: z.optional(z.enum(LANGS)),
  orientation: intParam(0, 63, "orientation"),
  size: intParam(120, 4000, "size"),
  version: intParam(1, Number.MAX_SAFE_INTEGER, "version"),
});

/** What each option does, for the docs' table (schema/sync.ts writes it into docs/embed.md). */
export const EMBED_OPTION_DOCS: { readonly [K in keyof z.infer<typeof EmbedQuery>]-?: { readonly values: string; readonly fallback: string; readonly text: string } } = {
  theme: { values: THEMES.join(", "), fallback: "light", text: "The colours of the board and the page." },
  lang: { values: LANGS.join(", "), fallback: "en", text: "The language of every label, the move notation and the page's buttons (Russian is the games' home language)." },
  orientation: { values: "a seat, 0-63", fallback: "the token's seat, else 0", text: "The seat drawn at the bottom (backgammon: whose home board is bottom right; football and Gol: whose goal is on the left). The host page may flip it with `tabula:flip`." },
  size: { values: "120-4000", fallback: "the frame's width", text: "The board's largest width, in CSS pixels; below it the board fits the frame (down to 320 px wide)." },
  version: { values: "a version, from 1", fallback: "live", text: "Opens the replay viewer on that position instead of the live board (a finished match always opens as a replay)." },
};

export interface EmbedOptions {
  readonly theme: (typeof THEMES)[number];
  readonly lang: (typeof LANGS)[number];
  readonly orientation: number | null;
  readonly size: number | null;
  readonly version: number | null;
}

export function embedOptions(query: Readonly<Record<string, string | undefined>>): EmbedOptions | string {
  const parsed = EmbedQuery.safeParse(query);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
  const q = parsed.data;
  return { theme: q.theme ?? "light", lang: q.lang ?? "en", orientation: q.orientation ?? null, size: q.size ?? null, version: q.version ?? null };
}
