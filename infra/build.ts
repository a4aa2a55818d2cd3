import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Metafile, type Plugin } from "esbuild";
import { buildEmbedAssets } from "../src/api/embed/build-assets.js";

/**
 * `npm run build`: every Lambda entry point in functions/ becomes one self-contained ES module,
 * `dist/<name>/index.mjs` (handler `index.handler`), which the CDK stack ships as is.
 * Everything is bundled, the AWS SDK included: Lambda's copy of the SDK is whatever version
 * the runtime has that day, and a bundled, tree-shaken client loads faster than the full one.
 */
export const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
export const FUNCTIONS_DIR = join(ROOT, "functions");
export const DEFAULT_OUT_DIR = join(ROOT, "dist");
/** The Node.js major the bundles are compiled for: the Lambda runtime of infra/tabula-function.ts. */
export const LAMBDA_NODE_MAJOR = 24;

/** An entry point exports the Lambda `handler`; the other files of functions/ are shared by them. */
const EXPORTS_HANDLER = /^export\s+(?:const|let|async\s+function|function)\s+handler\b/m;

/** The functions to build: `ws-connect`, `graphql`, ... (sorted). */
export function functionNames(dir: string = FUNCTIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))
    .filter((file) => EXPORTS_HANDLER.test(readFileSync(join(dir, file), "utf8")))
    .map((file) => basename(file, ".ts"))
    .sort();
}

export interface BuildOptions {
  /** Default `dist/` at the repository root. */
  readonly outDir?: string;
  /** Default: every entry point of functions/. */
  readonly names?: readonly string[];
  /** Default true: `index.mjs.map` next to each bundle (without sources; the stack turns them on). */
  readonly sourcemap?: boolean;
  /** Also report the bytes each package adds to each bundle (`npm run build -- --analyze`). */
  readonly analyze?: boolean;
}

export interface BuiltFunction {
  readonly name: string;
  /** `<outDir>/<name>`: the Lambda asset directory. */
  readonly dir: string;
  /** `<dir>/index.mjs` */
  readonly file: string;
  readonly bytes: number;
  readonly mapBytes: number;
  /** With `analyze`: bytes in the bundle per package (or per source folder), largest first. */
  readonly packages?: readonly (readonly [string, number])[];
  /** With `analyze`: esbuild's metafile (inputs, imports, bytes). */
  readonly metafile?: Metafile;
}

/**
 * Bundled CommonJS code (parts of Apollo and of the SDK) calls `require` for Node built-ins,
 * and so does every import of one (builtinsByRequire); an ES module has no `require`: give it one.
 */
const REQUIRE_BANNER = 'import { createRequire as __tabulaCreateRequire } from "node:module"; const require = __tabulaCreateRequire(import.meta.url);';

/**
 * CommonJS code `require`s packages that our ES modules `import`: the SDK's credential providers
 * require `@aws-sdk/core`. For a
 * package that ships both builds, that would bundle both, each with its own copy of what it
 * pulls in. Resolving those `require`s as imports keeps one copy (esbuild wraps the ES module
 * for the CommonJS caller).
 */
const oneCopyOfEachPackage: Plugin = {
  name: "one-copy-of-each-package",
  setup(b) {
    // A deep import of a package's CommonJS file beside its ES one (graphql-jit imports
    // `graphql/utilities/index.js`; graphql ships `index.mjs` next to it) takes the ES one, else
    // it would bundle a second graphql, whose classes the first one's instanceof does not know.
    b.onResolve({ filter: /^[^./].*\.js$/ }, async (args) => {
      const esm = await b.resolve(args.path.replace(/\.js$/, ".mjs"), { kind: "import-statement", resolveDir: args.resolveDir, importer: args.importer });
      return esm.errors.length > 0 ? undefined : { path: esm.path, external: esm.external, namespace: esm.namespace, sideEffects: esm.sideEffects };
    });
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.kind !== "require-call" || isBuiltin(args.path)) return undefined;
      const found = await b.resolve(args.path, { kind: "import-statement", resolveDir: args.resolveDir, importer: args.importer });
      if (found.errors.length > 0) return { errors: found.errors };
      return { path: found.path, external: found.external, namespace: found.namespace, sideEffects: found.sideEffects };
    });
  },
};

/**
 * Modules swapped for smaller ones, each for a reason that holds on Lambda. Every cold start
 * compiles a bundled module, run or not; one that a dynamic `import()` reaches also has esbuild
 * wrap it, and all it imports, in lazy initialisers (298 modules of the GraphQL bundle were).
 * - `@apollo/utils.createhash` looks for `module.require`, which no bundle has, and falls back
 *   to a pure-JS SHA-256 (sha.js and its polyfills) for every operation it hashes: use
 *   node:crypto, as it would outside a bundle.
 * - Apollo looks for graphql 17's incremental execution with `import("graphql")`, which keeps
 *   all of graphql-js in the bundle (and loads it lazily); with graphql 16 (package.json) it
 *   always runs `execute`, as the stand-in does.
 * - Apollo's plugins that it imports only when none of their kind is installed: usage
 *   reporting, schema reporting and inline tracing (Apollo GraphOS, with a protobuf runtime),
 *   cache control and the default landing page, whose `...Disabled` plugins createGraphqlServer
 *   installs (so APOLLO_KEY in the environment changes nothing), and the suggestion hiding of
 *   `hideSchemaDetailsFromClientErrors`, which it does not set.
 * - graphql-tools, which Apollo imports to build a schema from typeDefs and resolvers: it is
 *   handed a built schema (api-schema.ts sets the resolvers on it).
 * - fast-json-stringify, with ajv: graphql-jit serialises with it only when asked to
 *   (`customJSONSerializer`), and compiles otherwise without it.
 * - The SDK's event-stream serde, which it imports for an operation with event streams:
 *   DynamoDB has none.
 * - The SDK's default credential chain (profiles, SSO, web identity, container, instance
 *   metadata, with their STS and SSO clients): Lambda hands the function role's credentials
 *   to the process in the environment, which is the chain's first link, so only that stays.
 * - pino's transports (worker threads, with thread-stream): src/logger.ts writes its lines to
 *   stderr itself and configures none.
 */
const notBundled = (what: string, exports: readonly string[]) =>
  `const left = () => { throw new Error(${JSON.stringify(`${what} is not bundled (infra/build.ts)`)}); };
    export { ${exports.map((name) => `left as ${name}`).join(", ")} };`;

const APOLLO_PLUGINS_LEFT_OUT: Record<string, readonly string[]> = {
  usageReporting: ["ApolloServerPluginUsageReporting"],
  schemaReporting: ["ApolloServerPluginSchemaReporting"],
  inlineTrace: ["ApolloServerPluginInlineTrace"],
  cacheControl: ["ApolloServerPluginCacheControl"],
  "landingPage/default": ["ApolloServerPluginLandingPageLocalDefault", "ApolloServerPluginLandingPageProductionDefault"],
  disableSuggestions: ["ApolloServerPluginDisableSuggestions"],
};

const STUBS: readonly { readonly filter: RegExp; readonly contents: string }[] = [
  { filter: /[\\/]@apollo[\\/]utils\.createhash[\\/]dist[\\/]index\.js$/, contents: 'export { createHash } from "node:crypto";' },
  {
    filter: /[\\/]@apollo[\\/]server[\\/]dist[\\/]esm[\\/]incrementalDeliveryPolyfill\.js$/,
    contents: `import { execute } from "graphql";
      export const executeIncrementally = async ({ useLegacyIncremental, legacyExperimentalExecuteIncrementally, ...args }) =>
        useLegacyIncremental && legacyExperimentalExecuteIncrementally ? legacyExperimentalExecuteIncrementally(args) : execute(args);`,
  },
  ...Object.entries(APOLLO_PLUGINS_LEFT_OUT).map(([plugin, exports]) => ({
    filter: new RegExp(`[\\\\/]@apollo[\\\\/]server[\\\\/]dist[\\\\/]esm[\\\\/]plugin[\\\\/]${plugin.replace("/", "[\\\\/]")}[\\\\/]index\\.js$`),
    contents: notBundled(`Apollo's ${plugin} plugin`, exports),
  })),
  {
    // Apollo builds a schema with it only when given typeDefs; we hand it one (api-schema.ts).
    filter: /[\\/]@graphql-tools[\\/]schema[\\/]esm[\\/]index\.js$/,
    contents: notBundled("graphql-tools' makeExecutableSchema", ["makeExecutableSchema"]),
  },
  {
    // graphql-jit imports it for its `customJSONSerializer` option, which compiled-operation.ts leaves off.
    filter: /[\\/]fast-json-stringify[\\/]index\.js$/,
    contents: notBundled("graphql-jit's customJSONSerializer", ["default"]),
  },
  {
    filter: /[\\/]@smithy[\\/]core[\\/]dist-es[\\/]submodules[\\/]event-streams[\\/]index\.js$/,
    contents: notBundled("The SDK's event-stream serde", ["EventStreamSerde", "eventStreamSerdeProvider"]),
  },
  {
    // CommonJS, as pino requires it.
    filter: /[\\/]pino[\\/]lib[\\/]transport\.js$/,
    contents: `module.exports = () => { throw new Error("pino's transports are not bundled (infra/build.ts)"); };`,
  },
  {
    filter: /[\\/]@aws-sdk[\\/]credential-provider-node[\\/]dist-es[\\/]index\.js$/,
    contents: `import { fromEnv } from "@aws-sdk/credential-provider-env";
      export const defaultProvider = (init = {}) => fromEnv(init);
      export const credentialsWillNeedRefresh = (credentials) => credentials?.expiration !== undefined;
      export const credentialsTreatedAsExpired = (credentials) => credentials?.expiration !== undefined && credentials.expiration.getTime() - Date.now() < 300000;`,
  },
];

/**
 * Node built-ins are loaded with `require` (the banner's), not `import`: importing a built-in as
 * an ES module builds its facade, which reads every export, getters included. On Node 24
 * node:http's `WebSocket` getter loads undici (some 60 ms of CPU; the SDK imports node:http for
 * an http endpoint, the management API poster always) and node:process's create process.stdin,
 * stdout and stderr. `require` hands over the module object and leaves its getters alone.
 */
const builtinsByRequire: Plugin = {
  name: "builtins-by-require",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.kind !== "require-call" && isBuiltin(args.path) ? { path: args.path, namespace: "node-builtin" } : undefined));
    b.onLoad({ filter: /.*/, namespace: "node-builtin" }, (args) => ({ contents: `module.exports = require(${JSON.stringify(args.path)});`, loader: "js" }));
  },
};

const stubs: Plugin = {
  name: "stubs",
  setup(b) {
    for (const { filter, contents } of STUBS) b.onLoad({ filter }, (args) => ({ contents, loader: "js", resolveDir: dirname(args.path) }));
  },
};

/** Files a function reads beside its bundle, made at build time: the embed page's script and stylesheet. */
const EXTRA_FILES: Partial<Record<string, (dir: string) => Promise<void>>> = {
  embed: async (dir) => writeFileSync(join(dir, "embed-assets.json"), JSON.stringify(await buildEmbedAssets())),
};

export async function buildFunctions(options: BuildOptions = {}): Promise<BuiltFunction[]> {
  const outDir = resolve(options.outDir ?? DEFAULT_OUT_DIR);
  const names = options.names ?? functionNames();
  const sourcemap = options.sourcemap ?? true;
  const built: BuiltFunction[] = [];
  for (const name of names) {
    const dir = join(outDir, name);
    // A stale file (an old map) must not ride along in the asset.
    rmSync(dir, { recursive: true, force: true });
    const file = join(dir, "index.mjs");
    const result = await build({
      entryPoints: [join(FUNCTIONS_DIR, `${name}.ts`)],
      outfile: file,
      bundle: true,
      format: "esm",
      platform: "node",
      target: `node${LAMBDA_NODE_MAJOR}`,
      minify: true,
      // No keepNames: its __name() call on every function and class (and on every closure made
      // at run time) cost the GraphQL function 22-28 ms of its cold start, measured side by side.
      // Our errors set their `name` themselves; a stack's frames are named through the source
      // map (the `sourceMaps` setting).
      keepNames: false,
      sourcemap: sourcemap ? "linked" : false,
      sourcesContent: false,
      legalComments: "none",
      banner: { js: REQUIRE_BANNER },
      // ES builds wherever a package offers one (tree-shaken; the SDK lists "module" before "node").
      mainFields: ["module", "main"],
      conditions: ["module"],
      plugins: [builtinsByRequire, oneCopyOfEachPackage, stubs],
      logLevel: "warning",
      metafile: options.analyze ?? false,
    });
    await EXTRA_FILES[name]?.(dir);
    const mapFile = `${file}.map`;
    built.push({
      name,
      dir,
      file,
      bytes: statSync(file).size,
      mapBytes: sourcemap ? statSync(mapFile).size : 0,
      ...(result.metafile ? { packages: bytesPerPackage(result.metafile), metafile: result.metafile } : {}),
    });
  }
  return built;
}

function bytesPerPackage(metafile: Metafile): [string, number][] {
  const sizes = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const key = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input.split("/").slice(0, 2).join("/");
      sizes.set(key, (sizes.get(key) ?? 0) + bytesInOutput);
    }
  }
  return [...sizes].sort((a, b) => b[1] - a[1]);
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const args = process.argv.slice(2);
  const analyze = args.includes("--analyze");
  const outDir = args.find((a) => !a.startsWith("--"));
  const built = await buildFunctions({ ...(outDir ? { outDir } : {}), analyze });
  for (const f of built) {
    console.log(`${relative(process.cwd(), f.file).padEnd(32)} ${kib(f.bytes).padStart(9)}  (map ${kib(f.mapBytes)})`);
    for (const [name, bytes] of f.packages?.slice(0, Number(process.env.TOP ?? 12)) ?? []) console.log(`    ${kib(bytes).padStart(9)}  ${name}`);
  }
  console.log(`built ${built.length} functions in ${Math.round(performance.now() - started)} ms`);
}
