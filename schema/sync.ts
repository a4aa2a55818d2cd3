/**
 * Regenerates src/api/schema.ts from schema/schema.graphql (the source of truth), so the
 * Lambda bundle carries the SDL without reading files: `npx tsx schema/sync.ts`.
 * test/api/schema.test.ts fails when the two differ.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const sdlPath = fileURLToPath(new URL("./schema.graphql", import.meta.url));
const modulePath = fileURLToPath(new URL("../src/api/schema.ts", import.meta.url));

/** A template literal keeps the SDL readable in review; only \\, ` and ${ need escaping. */
export const renderSchemaModule = (sdl: string): string =>
  `// Generated from schema/schema.graphql by \`npx tsx schema/sync.ts\`; edit the .graphql file, not this one.\n` +
  `export const typeDefs: string = \`${sdl.replace(/\\/g, "\\\\").replace(/`/g, "\\`").replace(/\$\{/g, "\\${")}\`;\n`;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(modulePath, renderSchemaModule(readFileSync(sdlPath, "utf8")));
  process.stdout.write(`wrote ${modulePath}\n`);
}
