import { type ChildProcess, spawn } from "node:child_process";

/**
 * Runs a built function bundle (`dist/<name>/index.mjs`) the way Lambda does, in a Node
 * process of its own: the module is loaded once with the function's environment (its
 * configuration is read then, as on a cold start), then `handler(event, context)` is called
 * for each event, one at a time per process, as one Lambda execution environment does.
 * Tests and the bench use it to exercise exactly the files the stack deploys.
 */
export interface LocalLambda {
  /** Calls the handler with this event and resolves with what it returned (or rejects with what it threw). */
  invoke<T = unknown>(event: unknown): Promise<T>;
  /** ms from spawning the process until the module had loaded (Lambda's init phase, roughly). */
  readonly initMs: number;
  /** CPU time (user + system) the process had used once the module had loaded, in ms. */
  readonly initCpuMs: number;
  /** CPU time the process had used when it answered the latest invocation, in ms. */
  cpuMs(): number;
  /** Everything the process wrote to stderr so far (its logs). */
  stderr(): string;
  close(): Promise<void>;
}

export interface LocalLambdaOptions {
  /** The function's environment, on top of this process's (TABLE_NAME, DYNAMODB_ENDPOINT, ...). */
  readonly env?: Record<string, string>;
  /** Extra node flags, e.g. `--enable-source-maps`. */
  readonly nodeArgs?: readonly string[];
  /** The name handed to the handler in its context (default `local`). */
  readonly functionName?: string;
  /** The node binary to run it with (default: this process's), e.g. one of the Lambda runtime's major. */
  readonly node?: string;
}

/**
 * The process's program: import the bundle given as its argument, report, then answer events
 * sent over the IPC channel. A load failure is reported for every event, as Lambda reports an
 * init error for each invocation.
 */
const DRIVER = `
const { pathToFileURL } = await import("node:url");
let mod, loadError;
try { mod = await import(pathToFileURL(process.argv[1]).href); } catch (error) { loadError = error; }
const describe = (error) => (error && error.stack) || String(error);
const cpuMs = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; };
process.on("message", async ({ id, event, functionName }) => {
  if (loadError) return process.send({ id, error: "init failed: " + describe(loadError) });
  const context = {
    awsRequestId: "local-" + id, functionName, functionVersion: "$LATEST", memoryLimitInMB: "1024",
    invokedFunctionArn: "arn:aws:lambda:us-east-1:000000000000:function:" + functionName,
    logGroupName: "/aws/lambda/" + functionName, logStreamName: "local", callbackWaitsForEmptyEventLoop: true,
    getRemainingTimeInMillis: () => 30000, done() {}, fail() {}, succeed() {},
  };
  try {
    const result = await mod.handler(event, context, () => {});
    process.send({ id, result: result === undefined ? null : result, cpuMs: cpuMs() });
  } catch (error) {
    process.send({ id, error: describe(error), cpuMs: cpuMs() });
  }
});
process.send({ ready: true, loaded: !loadError, cpuMs: cpuMs() });
`;

type Reply = { id: number; result?: unknown; error?: string; cpuMs: number } | { ready: true; loaded: boolean; cpuMs: number };

export async function startLocalLambda(bundle: string, options: LocalLambdaOptions = {}): Promise<LocalLambda> {
  const started = performance.now();
  const child: ChildProcess = spawn(options.node ?? process.execPath, [...(options.nodeArgs ?? []), "--input-type=module", "-e", DRIVER, bundle], {
    env: {
      ...process.env,
      // What Lambda sets for every function (the SDK reads the region from it).
      AWS_REGION: "us-east-1",
      AWS_DEFAULT_REGION: "us-east-1",
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
      ...options.env,
    },
    stdio: ["ignore", "inherit", "pipe", "ipc"],
  });
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let exited = false;
  let cpuMs = 0;
  const exit = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const initMs = await new Promise<number>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => reject(new Error(`${bundle} exited before loading (${code ?? signal}): ${stderr}`)));
    child.on("message", (reply: Reply) => {
      cpuMs = reply.cpuMs;
      if ("ready" in reply) return resolve(performance.now() - started);
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.error !== undefined) waiting?.reject(new Error(reply.error));
      else waiting?.resolve(reply.result);
    });
  });
  void exit.then(() => {
    exited = true;
    for (const { reject } of pending.values()) reject(new Error(`${bundle} exited: ${stderr}`));
    pending.clear();
  });

  const initCpuMs = cpuMs;
  let next = 0;
  return {
    initMs,
    initCpuMs,
    cpuMs: () => cpuMs,
    stderr: () => stderr,
    invoke<T>(event: unknown): Promise<T> {
      if (exited) return Promise.reject(new Error(`${bundle} has exited: ${stderr}`));
      const id = ++next;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        child.send({ id, event, functionName: options.functionName ?? "local" });
      });
    },
    async close() {
      if (!exited) child.kill("SIGTERM");
      await exit;
    },
  };
}
