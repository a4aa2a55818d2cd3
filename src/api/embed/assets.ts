/** One static file of the embed page, served under its content hash so it may be cached forever. */
export interface Asset {
  /** e.g. `embed-3f2a9c1b.js`. */
  readonly name: string;
  readonly contentType: string;
  readonly body: string;
}

/** The page's script (its drawings included) and its stylesheet; the drawings on their own, as an ES module for other sites. */
export interface EmbedAssets {
  readonly script: Asset;
  readonly style: Asset;
  readonly boards: Asset;
}

/** The assets as a build wrote them (`embed-assets.json` beside the Lambda bundle: infra/build.ts). */
export function parseAssets(json: string): EmbedAssets {
  const assets = JSON.parse(json) as EmbedAssets;
  if (!assets.script?.name || !assets.style?.name || !assets.boards?.name) throw new Error("embed assets: the script, the stylesheet and the drawings are expected");
  return assets;
}
