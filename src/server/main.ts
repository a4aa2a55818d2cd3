/**
 * `npm start`: the whole API in one local process. Prints one line with the URLs, then serves
 * until SIGINT/SIGTERM, on which it stops accepting, finishes what is in flight, closes the
 * store and exits 0.
 */
import { startServer } from "./app.js";
import { configFrom, describeGateway, describeStore, USAGE } from "./config.js";

async function main(): Promise<void> {
  // The SDK warns that its releases from 2027 on will need Node 22; the version this package pins
  // runs on Node 20, so on a developer's machine the warning is only noise at every start.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  let config;
  try {
    config = configFrom(process.argv.slice(2), process.env);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (config.help) {
    process.stdout.write(USAGE);
    return;
  }
  const { options } = config;
  let server;
  try {
    server = await startServer(options);
  } catch (error) {
    process.stderr.write(`tabula: could not start: ${(error as Error).message}\n`);
    process.exit(1);
  }
  const { url } = server;
  process.stdout.write(
    `Tabula listening on ${url} (GraphQL ${url}/graphql, REST ${url}/api, OpenAPI ${url}/api/openapi.json, health ${url}/healthz${options.testClock ? `, test clock ${url}/test/clock` : ""}; ${describeStore(options)}; ${describeGateway(options, server.localGateway?.managementEndpoint)})\n`,
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      process.stderr.write(`tabula: ${signal} again, exiting now\n`);
      process.exit(1);
    }
    stopping = true;
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`tabula: error while shutting down: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

void main();
