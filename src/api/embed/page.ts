import { esc } from "../../boards/svg.js";
import type { EmbedAssets } from "./assets.js";
import type { EmbedOptions } from "./options.js";

/**
 * What the page's script is told, as JSON in one data attribute (a CSP without inline script
 * allows no `<script>` of its own). Nothing in it is secret: a seat's token stays in the URL's
 * fragment, which the browser never sends, and the script reads it from there.
 */
export interface EmbedConfig {
  readonly matchId: string;
  readonly ruleset: string;
  /** GraphQL over HTTP and over WebSockets (graphql-ws); relative URLs are the page's own host. */
  readonly graphql: string;
  readonly websocket: string;
  /** The REST API's root, for commands. */
  readonly api: string;
  readonly options: EmbedOptions;
}

export interface PageParts {
  readonly config: EmbedConfig;
  readonly assets: EmbedAssets;
  readonly assetBase: string;
  readonly title: string;
  /** The oEmbed discovery link's target, absolute. */
  readonly oembed: string;
  /** A static picture of the position, for the page without script. */
  readonly boardSvg: string;
}

/** The embed page: a shell the script fills; everything variable in it is escaped. */
export function embedPage(p: PageParts): string {
  const { options } = p.config;
  return `<!doctype html>
<html lang="${esc(options.lang)}" data-theme="${esc(options.theme)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${esc(p.title)}</title>
<link rel="alternate" type="application/json+oembed" href="${esc(p.oembed)}" title="${esc(p.title)}">
<link rel="stylesheet" href="${esc(p.assetBase + p.assets.style.name)}">
<script type="module" src="${esc(p.assetBase + p.assets.script.name)}"></script>
</head>
<body>
<main id="tabula-embed" data-config="${esc(JSON.stringify(p.config))}">
<noscript><img src="${esc(p.boardSvg)}" alt="${esc(p.title)}"></noscript>
</main>
</body>
</html>
`;
}

/** A short page for what cannot be shown (an unknown match, a bad option), in the iframe where it was asked for. */
export function embedErrorPage(code: string, message: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Tabula: ${esc(code)}</title></head>
<body><p><strong>${esc(code)}</strong>: ${esc(message)}</p></body>
</html>
`;
}
