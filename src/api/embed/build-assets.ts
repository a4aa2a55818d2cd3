import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Asset, EmbedAssets } from "./assets.js";

const ENTRY = fileURLToPath(new URL("../../embed/main.ts", import.meta.url));
const BOARDS = fileURLToPath(new URL("../../boards/index.ts", import.meta.url));
const STYLE = fileURLToPath(new URL("../../embed/embed.css", import.meta.url));

const asset = (stem: string, ext: string, contentType: string, body: string): Asset => ({
  name: `${stem}-${createHash("sha256").update(body).digest("hex").slice(0, 12)}.${ext}`,
  contentType,
  body,
});

/**
 * Bundles the page's script, and the drawings alone for sites that draw boards themselves, with esbuild (the drawings and graphql-ws's client in, minified, for
 * the browsers of the last few years). The local server runs it once, at its first embed
 * request; the Lambda build runs it once and ships the result.
 */
const bundle = async (entry: string): Promise<string> => {
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: ["es2020", "chrome100", "firefox100", "safari15"],
    write: false,
    legalComments: "none",
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
};

export async function buildEmbedAssets(): Promise<EmbedAssets> {
  const [script, boards, css] = await Promise.all([bundle(ENTRY), bundle(BOARDS), readFile(STYLE, "utf8")]);
  const js = "text/javascript; charset=utf-8";
  return { script: asset("embed", "js", js, script), style: asset("embed", "css", "text/css; charset=utf-8", css), boards: asset("boards", "js", js, boards) };
}
