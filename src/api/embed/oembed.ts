import { TabulaError } from "../../errors.js";
import { esc } from "../../boards/svg.js";
import type { HttpRequest } from "../http.js";
import type { TabulaService } from "../service.js";

/** The board's size in the iframe oEmbed offers, per ruleset (wide fields, a square relay board), before `maxwidth`. */
const FRAME: Readonly<Record<string, { width: number; height: number }>> = {
  backgammon: { width: 640, height: 600 },
  "golnard-estafeta": { width: 560, height: 720 },
  "golnard-football": { width: 720, height: 560 },
  gol: { width: 720, height: 640 },
};
const DEFAULT_FRAME = { width: 640, height: 600 };

/** The match a pasted link names: a page of this API (`/embed/{id}`, `/api/matches/{id}`, their board.svg), nothing else. */
const MATCH_URL = /^\/(?:embed|api\/matches)\/([A-Za-z0-9_-]{1,64})(?:\/board\.svg)?\/?$/;

const positive = (value: string | undefined): number | null => (value && /^\d{1,5}$/.test(value) && Number(value) > 0 ? Number(value) : null);

/**
 * `GET /oembed?url=...&format=json` (oembed.com, type `rich`): forum software that speaks oEmbed
 * turns a pasted match link into the live board. Only this API's own links are answered.
 */
export async function oembedAnswer(service: TabulaService, request: HttpRequest, origin: string): Promise<Record<string, unknown>> {
  const { url } = request.query;
  if (!url) throw new TabulaError("BAD_USER_INPUT", "url is required: the link of a match or of its embed page");
  let link: URL;
  try {
    link = new URL(url);
  } catch {
    throw new TabulaError("BAD_USER_INPUT", "url is not a URL");
  }
  const id = link.origin === origin ? MATCH_URL.exec(link.pathname)?.[1] : undefined;
  if (id === undefined) throw new TabulaError("NOT_FOUND", "url is not a match of this server");
  const { state } = await service.readMatch(id, undefined);
  const frame = FRAME[state.ruleset] ?? DEFAULT_FRAME;
  const maxWidth = positive(request.query.maxwidth);
  const maxHeight = positive(request.query.maxheight);
  const scale = Math.min(1, maxWidth ? maxWidth / frame.width : 1, maxHeight ? maxHeight / frame.height : 1);
  const width = Math.round(frame.width * scale);
  const height = Math.round(frame.height * scale);
  const src = `${origin}/embed/${encodeURIComponent(id)}`;
  const title = `Tabula: ${state.ruleset} match ${id}`;
  return {
    version: "1.0",
    type: "rich",
    provider_name: "Tabula",
    provider_url: origin,
    title,
    width,
    height,
    html: `<iframe src="${esc(src)}" width="${width}" height="${height}" title="${esc(title)}" frameborder="0" loading="lazy"></iframe>`,
    thumbnail_url: `${origin}/api/matches/${encodeURIComponent(id)}/board.svg`,
    thumbnail_width: frame.width,
    thumbnail_height: frame.height,
    cache_age: 300,
  };
}
