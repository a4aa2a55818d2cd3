import { HTTP_STATUS, TabulaError } from "../../errors.js";
import { type Logger, silentLogger } from "../../logger.js";
import { toPublicError } from "../errors.js";
import { headResponse, header, type HttpRequest, type HttpResponse } from "../http.js";
import { decodePathSegment } from "../rest/router.js";
import type { TabulaService } from "../service.js";
import type { Asset, EmbedAssets } from "./assets.js";
import { contentSecurityPolicy } from "./csp.js";
import type { EmbedDeployment } from "./deployment.js";
import { embedErrorPage, embedPage } from "./page.js";
import { embedOptions } from "./options.js";
import { oembedAnswer } from "./oembed.js";

export interface EmbedDeps {
  readonly service: TabulaService;
  /** The page's script and stylesheet; built once (the local server at its first embed request). */
  readonly assets: () => Promise<EmbedAssets>;
  readonly deployment: EmbedDeployment;
  readonly logger?: Logger;
}

export const ASSET_BASE = "/embed/assets/";
const PAGE = /^\/embed\/([^/]+)$/;
/** `import { drawBoard } from "https://<api>/embed/boards.js"`. */
export const BOARDS_MODULE = "/embed/boards.js";

// Scripts and stylesheets are public; a module imported by another site's page needs CORS.
const staticFile = (file: Asset, cache: string): HttpResponse => ({
  status: 200,
  headers: { "content-type": file.contentType, "cache-control": cache, "x-content-type-options": "nosniff", "access-control-allow-origin": "*" },
  body: file.body,
});

/** Whether the embed handler serves this path: the pages, their assets and oEmbed. */
export const isEmbedPath = (path: string): boolean => path === "/oembed" || path.startsWith("/embed/");

const html = (status: number, body: string, headers: Record<string, string> = {}): HttpResponse => ({
  status,
  headers: { "content-type": "text/html; charset=utf-8", "x-content-type-options": "nosniff", "cache-control": "no-store", ...headers },
  body,
});

/**
 * The origin clients reach this API at: the deployment's public URL, or the request's own Host
 * (a Host that is not a plain host[:port] is not trusted, and the loopback default is used).
 */
export function publicOrigin(request: HttpRequest, deployment: EmbedDeployment): string {
  if (deployment.publicUrl) return deployment.publicUrl.replace(/\/+$/, "");
  const host = header(request, "host");
  const proto = header(request, "x-forwarded-proto") === "https" ? "https" : "http";
  return host && /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host) ? `${proto}://${host}` : "http://127.0.0.1:4000";
}

/**
 * `GET /embed/{matchId}`, `GET /embed/assets/{file}` and `GET /oembed`: the page sites put in an
 * iframe, served by the local server and by the AWS stack's Lambda alike.
 */
export function createEmbedHandler(deps: EmbedDeps): (request: HttpRequest) => Promise<HttpResponse> {
  const logger = deps.logger ?? silentLogger;
  return async (request) => {
    const method = request.method.toUpperCase();
    if (method !== "GET" && method !== "HEAD") return html(405, embedErrorPage("BAD_USER_INPUT", `${method} is not allowed here; use GET`), { allow: "GET, HEAD" });
    let response: HttpResponse;
    try {
      response = await answer(request);
    } catch (error) {
      const e = toPublicError(error, logger);
      response = request.path === "/oembed" ? json(HTTP_STATUS[e.code], { error: { code: e.code, message: e.message } }) : html(HTTP_STATUS[e.code], embedErrorPage(e.code, e.message));
    }
    return method === "HEAD" ? headResponse(response) : response;
  };

  async function answer(request: HttpRequest): Promise<HttpResponse> {
    const assets = await deps.assets();
    if (request.path.startsWith(ASSET_BASE)) {
      const name = request.path.slice(ASSET_BASE.length);
      const file = [assets.script, assets.style, assets.boards].find((a) => a.name === name);
      if (!file) throw new TabulaError("NOT_FOUND", `no embed asset ${name}`);
      // The name holds the content's hash: a changed file has another name, so this one never changes.
      return staticFile(file, "public, max-age=31536000, immutable");
    }
    // The drawings under a name that stays, for sites that import them: a new release shows within minutes.
    if (request.path === BOARDS_MODULE) return staticFile(assets.boards, "public, max-age=300");
    if (request.path === "/oembed") {
      // oEmbed's own answer to a format it does not serve is 501 (oembed.com, 2.3.4).
      const { format } = request.query;
      if (format !== undefined && format !== "json") return json(501, { error: { code: "BAD_USER_INPUT", message: "only format=json is served" } });
      return json(200, await oembedAnswer(deps.service, request, publicOrigin(request, deps.deployment)));
    }
    const matchId = PAGE.exec(request.path)?.[1];
    if (matchId === undefined) throw new TabulaError("NOT_FOUND", `nothing at ${request.path}`);
    const options = embedOptions(request.query);
    if (typeof options === "string") throw new TabulaError("BAD_USER_INPUT", options);
    const id = decodePathSegment(matchId);
    const { state } = await deps.service.readMatch(id, undefined);
    const origin = publicOrigin(request, deps.deployment);
    const embedUrl = `${origin}/embed/${encodeURIComponent(id)}`;
    const page = embedPage({
      config: { matchId: id, ruleset: state.ruleset, graphql: "/graphql", websocket: deps.deployment.websocketUrl ?? "/graphql", api: "/api", options },
      assets,
      assetBase: ASSET_BASE,
      title: `Tabula: ${state.ruleset} match ${id}`,
      oembed: `${origin}/oembed?url=${encodeURIComponent(embedUrl)}&format=json`,
      boardSvg: `/api/matches/${encodeURIComponent(id)}/board.svg${options.version ? `?version=${options.version}` : ""}`,
    });
    return html(200, page, { "content-security-policy": contentSecurityPolicy(deps.deployment), "referrer-policy": "no-referrer" });
  }
}

const json = (status: number, value: unknown): HttpResponse => ({
  status,
  // oEmbed consumers are other servers and pages: readable from any origin, as the match itself is.
  headers: { "content-type": "application/json; charset=utf-8", "x-content-type-options": "nosniff", "cache-control": "public, max-age=300", "access-control-allow-origin": "*" },
  body: JSON.stringify(value),
});
