import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

/** One DynamoDB call as the store answered it. */
export interface DynamoCall {
  /** The operation, from the `X-Amz-Target` header: `PutItem`, `Query`, ... */
  readonly action: string;
  readonly status: number;
  /** The error's type when the store refused the call (`ConditionalCheckFailedException`, ...). */
  readonly error?: string | undefined;
}

export interface DynamoProxy {
  /** Pass this as a function's DYNAMODB_ENDPOINT. */
  readonly endpoint: string;
  close(): Promise<void>;
}

/**
 * Stands between a function and a local store, reporting every call it makes: the tests hold
 * the operations against what the stack grants, the bench counts them per command. Each answer
 * is reported before it is passed on, so a call is always counted by the time the function that
 * made it has its result.
 */
export async function dynamoProxy(target: string, onCall: (call: DynamoCall) => void): Promise<DynamoProxy> {
  const to = new URL(target);
  const server = createServer((req, res) => {
    const action = String(req.headers["x-amz-target"] ?? "").split(".")[1] ?? "";
    const forward = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => {
        const body = Buffer.concat(chunks);
        const status = answer.statusCode ?? 500;
        if (action) onCall({ action, status, error: status === 200 ? undefined : errorType(body) });
        res.writeHead(status, answer.headers).end(body);
      });
      answer.on("error", (error) => res.destroy(error));
    });
    forward.on("error", (error) => res.destroy(error));
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `{"__type":"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException",...}` -> the part after `#`. */
function errorType(body: Buffer): string {
  try {
    const type = (JSON.parse(body.toString("utf8")) as { __type?: unknown }).__type;
    return typeof type === "string" ? type.slice(type.lastIndexOf("#") + 1) : "unknown";
  } catch {
    return "unknown";
  }
}
