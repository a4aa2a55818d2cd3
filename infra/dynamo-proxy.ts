import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

/** One DynamoDB call as the store answered it. */
export interface DynamoCall {
  /** The operation, from the `X-Amz-Target` header: `PutItem`, `Query`, ... */
  readonly action: string;
  readonly status: number;
  /** The error's type when the store refused the call (`ConditionalCheckFailedException`, ...). */
  readonly error?: string | undefined;
  /** The write carried a ConditionExpression. */
  readonly conditional?: boolean;
  /** The read asked for ConsistentRead. */
  readonly consistent?: boolean;
  /** The item's or query's partition key (`PK`), when the call names one (`MATCH#...`, `CONN#...`). */
  readonly partition?: string | undefined;
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
    const sent: Buffer[] = [];
    req.on("data", (chunk: Buffer) => sent.push(chunk));
    req.on("end", () => {
      const asked = Buffer.concat(sent);
      const forward = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const body = Buffer.concat(chunks);
          const status = answer.statusCode ?? 500;
          if (action) onCall({ action, status, error: status === 200 ? undefined : errorType(body), ...describeRequest(asked) });
          res.writeHead(status, answer.headers).end(body);
        });
        answer.on("error", (error) => res.destroy(error));
      });
      forward.on("error", (error) => res.destroy(error));
      forward.end(asked);
    });
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

/** What the tests and the bench tell calls apart by: conditional or not, consistent or not, which partition. */
function describeRequest(body: Buffer): Pick<DynamoCall, "conditional" | "consistent" | "partition"> {
  try {
    const asked = JSON.parse(body.toString("utf8")) as {
      ConditionExpression?: string;
      ConsistentRead?: boolean;
      Key?: { PK?: { S?: string } };
      Item?: { PK?: { S?: string } };
      ExpressionAttributeValues?: Record<string, { S?: string }>;
      KeyConditionExpression?: string;
    };
    const pk = asked.Key?.PK?.S ?? asked.Item?.PK?.S ?? (asked.KeyConditionExpression ? asked.ExpressionAttributeValues?.[":pk"]?.S : undefined);
    return { conditional: asked.ConditionExpression !== undefined, consistent: asked.ConsistentRead === true, partition: pk };
  } catch {
    return {};
  }
}
