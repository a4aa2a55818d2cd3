import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { App, Validations } from "aws-cdk-lib";
import { Match, Template } from "aws-cdk-lib/assertions";
import { RetentionDays } from "aws-cdk-lib/aws-logs";
import { AwsSolutionsChecks } from "cdk-nag";
import type { IConstruct } from "constructs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAN_OUT_LEASE_MS } from "../../src/realtime/aws/fan-out.js";
import { TabulaStack, type TabulaStackProps } from "../../infra/stack.js";
import { functionNames, LAMBDA_NODE_MAJOR } from "../../infra/build.js";
import { RUNTIME } from "../../infra/tabula-function.js";

/**
 * The synthesized CloudFormation of the stack. Synthesis only packs the asset directories,
 * so stand-in bundles do (test/functions runs the real ones).
 */
const NAMES = functionNames();
let assetDir: string;
/** The stack with its defaults, synthesized once (the first synthesis loads aws-cdk-lib: slow). */
let defaults: Template;
let defaultStack: TabulaStack;

beforeAll(() => {
  assetDir = mkdtempSync(join(tmpdir(), "tabula-assets-"));
  for (const name of NAMES) {
    mkdirSync(join(assetDir, name));
    writeFileSync(join(assetDir, name, "index.mjs"), `export const handler = async () => "${name}";\n`);
    writeFileSync(join(assetDir, name, "index.mjs.map"), "{}");
  }
  defaultStack = stack();
  defaults = Template.fromStack(defaultStack);
}, 180_000);
afterAll(() => rmSync(assetDir, { recursive: true, force: true }));

function stack(props: Partial<TabulaStackProps> = {}): TabulaStack {
  return new TabulaStack(new App(), "Tabula-test", { stage: "test", assetDir, env: { account: "123456789012", region: "eu-west-1" }, ...props });
}
const synth = (props: Partial<TabulaStackProps> = {}): Template => Template.fromStack(stack(props));

type Resource = { Type: string; Properties: any; DeletionPolicy?: string; UpdateReplacePolicy?: string; DependsOn?: string[] };
const resources = (t: Template, type: string): [string, Resource][] => Object.entries(t.findResources(type)) as [string, Resource][];
const only = <T>(items: T[]): T => {
  expect(items).toHaveLength(1);
  return items[0]!;
};

/** Logical id of the function built from `functions/<name>.ts`. */
function functionId(t: Template, name: string): string {
  return only(resources(t, "AWS::Lambda::Function").filter(([, r]) => r.Properties.Description === `Tabula functions/${name}.ts`))[0];
}

/** Every statement of every policy attached to a function's role (which has no managed or inline policy). */
function statementsOf(t: Template, name: string): { Action: string | string[]; Resource: unknown; Effect: string }[] {
  const fn = t.findResources("AWS::Lambda::Function")[functionId(t, name)]!;
  const roleId = fn.Properties.Role["Fn::GetAtt"][0] as string;
  const role = t.findResources("AWS::IAM::Role")[roleId]!;
  expect(role.Properties.Policies ?? []).toEqual([]);
  expect(role.Properties.ManagedPolicyArns ?? []).toEqual([]);
  expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
    { Action: "sts:AssumeRole", Effect: "Allow", Principal: { Service: "lambda.amazonaws.com" } },
  ]);
  return resources(t, "AWS::IAM::Policy")
    .filter(([, p]) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
}
const actions = (s: { Action: string | string[] }) => (Array.isArray(s.Action) ? s.Action : [s.Action]);
const refersTo = (value: unknown, logicalId: string, attribute?: string) =>
  JSON.stringify(value).includes(attribute ? JSON.stringify({ "Fn::GetAtt": [logicalId, attribute] }) : `"${logicalId}"`);

describe("the table", () => {
  it("is keyed PK/SK, on demand, with PITR, a NEW_IMAGE stream, TTL on expiresAt and one index (GSI1PK/GSI1SK); retained", () => {
    const t = defaults;
    const [, table] = only(resources(t, "AWS::DynamoDB::Table"));
    expect(table.Properties).toEqual({
      KeySchema: [
        { AttributeName: "PK", KeyType: "HASH" },
        { AttributeName: "SK", KeyType: "RANGE" },
      ],
      AttributeDefinitions: [
        { AttributeName: "PK", AttributeType: "S" },
        { AttributeName: "SK", AttributeType: "S" },
        { AttributeName: "GSI1PK", AttributeType: "S" },
        { AttributeName: "GSI1SK", AttributeType: "S" },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: "GSI1",
          KeySchema: [
            { AttributeName: "GSI1PK", KeyType: "HASH" },
            { AttributeName: "GSI1SK", KeyType: "RANGE" },
          ],
          Projection: { ProjectionType: "ALL" },
        },
      ],
      BillingMode: "PAY_PER_REQUEST",
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      StreamSpecification: { StreamViewType: "NEW_IMAGE" },
      TimeToLiveSpecification: { AttributeName: "expiresAt", Enabled: true },
    });
    expect(table.DeletionPolicy).toBe("Retain");
    expect(table.UpdateReplacePolicy).toBe("Retain");
  });
});

describe("the functions", () => {
  it("one per entry point of functions/, each Node.js 24 on arm64 from its dist/ bundle, traced, with its own log group", () => {
    const t = defaults;
    const fns = resources(t, "AWS::Lambda::Function");
    expect(fns.map(([, f]) => f.Properties.Description).sort()).toEqual(NAMES.map((n) => `Tabula functions/${n}.ts`).sort());
    const [tableId] = only(resources(t, "AWS::DynamoDB::Table"));
    for (const [, f] of fns) {
      expect(f.Properties).toMatchObject({
        Runtime: "nodejs24.x",
        Architectures: ["arm64"],
        Handler: "index.handler",
        MemorySize: 1024,
        TracingConfig: { Mode: "Active" },
        Environment: { Variables: { TABLE_NAME: { Ref: tableId }, LOG_LEVEL: "warn" } },
      });
      expect(f.Properties.Environment.Variables.NODE_OPTIONS).toBeUndefined();
      const logGroupId = f.Properties.LoggingConfig.LogGroup.Ref as string;
      expect(t.findResources("AWS::Logs::LogGroup")[logGroupId]!.Properties.RetentionInDays).toBe(30);
    }
    expect(resources(t, "AWS::Logs::LogGroup")).toHaveLength(NAMES.length + 2); // and the two APIs' access logs
  });

  it("run the Node.js the bundles are compiled for", () => {
    expect(RUNTIME.name).toBe(`nodejs${LAMBDA_NODE_MAJOR}.x`);
  });

  it("timeouts: 10 s for requests, 29 s for $default (a catch-up may wait out a lease), 60 s for the fan-out", () => {
    const t = defaults;
    const timeout = (name: string) => t.findResources("AWS::Lambda::Function")[functionId(t, name)]!.Properties.Timeout;
    expect([timeout("graphql"), timeout("rest"), timeout("ws-connect"), timeout("ws-disconnect")]).toEqual([10, 10, 10, 10]);
    expect(timeout("ws-default")).toBe(29);
    expect(timeout("stream-fanout")).toBe(60);
    // A fan-out's claim on a match lasts as long as the invocation that made it may run: no two push at once.
    expect(timeout("stream-fanout")).toBe(FAN_OUT_LEASE_MS / 1000);
  });

  it("the WebSocket functions know the stage's management endpoint; the HTTP ones do not need it", () => {
    const t = defaults;
    const [wsId] = only(resources(t, "AWS::ApiGatewayV2::Api").filter(([, a]) => a.Properties.ProtocolType === "WEBSOCKET"));
    for (const name of ["ws-connect", "ws-disconnect", "ws-default", "stream-fanout"]) {
      const endpoint = t.findResources("AWS::Lambda::Function")[functionId(t, name)]!.Properties.Environment.Variables.WEBSOCKET_MANAGEMENT_ENDPOINT;
      expect(endpoint).toEqual({ "Fn::Join": ["", ["https://", { Ref: wsId }, ".execute-api.eu-west-1.", { Ref: "AWS::URLSuffix" }, "/test"]] });
    }
    for (const name of ["graphql", "rest"]) {
      expect(t.findResources("AWS::Lambda::Function")[functionId(t, name)]!.Properties.Environment.Variables.WEBSOCKET_MANAGEMENT_ENDPOINT).toBeUndefined();
    }
  });

  it("memory, log level and source maps come from the props", () => {
    const t = synth({ memorySize: 512, logLevel: "info", sourceMaps: true });
    for (const [, f] of resources(t, "AWS::Lambda::Function")) {
      expect(f.Properties.MemorySize).toBe(512);
      expect(f.Properties.Environment.Variables).toMatchObject({ LOG_LEVEL: "info", NODE_OPTIONS: "--enable-source-maps" });
    }
  });

  it("synthesis fails with a clear message when the bundles were not built", () => {
    expect(() => synth({ assetDir: join(assetDir, "missing") })).toThrow(/npm run build/);
  });
});

describe("least privilege", () => {
  /** Exactly what each function's code does to the table (see infra/stack.ts for where). */
  const TABLE_ACTIONS: Record<string, string[]> = {
    // BatchWriteItem: deleting a webhook's partition, trimming its delivery log (a test delivery's entry).
    graphql: ["dynamodb:BatchWriteItem", "dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:Query"],
    rest: ["dynamodb:BatchWriteItem", "dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:Query"],
    "ws-connect": ["dynamodb:UpdateItem"],
    "ws-disconnect": ["dynamodb:DeleteItem", "dynamodb:GetItem", "dynamodb:UpdateItem"],
    // BatchWriteItem and the index: the webhook operations sent over a connection, as graphql's.
    "ws-default": ["dynamodb:BatchWriteItem", "dynamodb:DeleteItem", "dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:Query", "dynamodb:UpdateItem"],
    "stream-fanout": ["dynamodb:DeleteItem", "dynamodb:GetItem", "dynamodb:Query", "dynamodb:UpdateItem"],
    "stream-index": ["dynamodb:PutItem"],
    "sweep-deadlines": ["dynamodb:PutItem", "dynamodb:Query"],
    embed: ["dynamodb:GetItem", "dynamodb:Query"],
    // Cursors and the delivery log (Get/Put/Query, the log's trim BatchWriteItem), a catch-up done (DeleteItem).
    "webhook-deliver": ["dynamodb:BatchWriteItem", "dynamodb:DeleteItem", "dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:Query"],
    // A match loaded, a bot's command appended.
    "bot-play": ["dynamodb:PutItem", "dynamodb:Query"],
  };
  /** And Query on the index, for the inbox and the deadlines due. */
  const INDEX_QUERIERS = new Set(["graphql", "rest", "ws-default", "sweep-deadlines", "webhook-deliver"]);
  const STREAM_READERS = new Set(["stream-fanout", "stream-index", "webhook-deliver", "bot-play"]);
  const PUSHERS = new Set(["ws-default", "stream-fanout"]);
  const STREAM_READ = ["dynamodb:DescribeStream", "dynamodb:GetRecords", "dynamodb:GetShardIterator"];

  it("covers every function", () => {
    expect(Object.keys(TABLE_ACTIONS).sort()).toEqual([...NAMES].sort());
  });

  for (const [name, expected] of Object.entries(TABLE_ACTIONS)) {
    it(`${name}: exactly ${expected.map((a) => a.slice(9)).join(", ")} on the table${INDEX_QUERIERS.has(name) ? ", Query on its index" : ""}${PUSHERS.has(name) ? ", and posts to connections" : ""}; nothing else`, () => {
      const t = defaults;
      const [tableId] = only(resources(t, "AWS::DynamoDB::Table"));
      const [wsId] = only(resources(t, "AWS::ApiGatewayV2::Api").filter(([, a]) => a.Properties.ProtocolType === "WEBSOCKET"));
      const statements = statementsOf(t, name);
      for (const s of statements) expect(s.Effect).toBe("Allow");

      // The table: these actions, on the table's ARN only (no wildcard); Query on the one index for those that read it.
      const onIndex = statements.filter((s) => JSON.stringify(s.Resource).includes("/index/"));
      const onTable = statements.filter((s) => refersTo(s.Resource, tableId, "Arn") && !onIndex.includes(s));
      expect(onTable.flatMap(actions).sort()).toEqual(expected);
      for (const s of onTable) expect(s.Resource).toEqual({ "Fn::GetAtt": [tableId, "Arn"] });
      if (INDEX_QUERIERS.has(name)) {
        const statement = only(onIndex);
        expect(actions(statement)).toEqual(["dynamodb:Query"]);
        expect(statement.Resource).toEqual({ "Fn::Join": ["", [{ "Fn::GetAtt": [tableId, "Arn"] }, "/index/GSI1"]] });
      } else {
        expect(onIndex).toEqual([]);
      }

      // The WebSocket API: PostToConnection on this API's stage, for the functions that push.
      const manage = statements.filter((s) => actions(s).some((a) => a.startsWith("execute-api:")));
      if (PUSHERS.has(name)) {
        const statement = only(manage);
        expect(actions(statement)).toEqual(["execute-api:ManageConnections"]);
        expect(statement.Resource).toEqual({
          "Fn::Join": ["", ["arn:", { Ref: "AWS::Partition" }, ":execute-api:eu-west-1:123456789012:", { Ref: wsId }, "/test/POST/@connections/*"]],
        });
      } else {
        expect(manage).toEqual([]);
      }

      // Its logs: its own log group, nothing else.
      const logGroupId = t.findResources("AWS::Lambda::Function")[functionId(t, name)]!.Properties.LoggingConfig.LogGroup.Ref as string;
      const logging = only(statements.filter((s) => actions(s).some((a) => a.startsWith("logs:"))));
      expect(actions(logging).sort()).toEqual(["logs:CreateLogStream", "logs:PutLogEvents"]);
      expect(logging.Resource).toEqual({ "Fn::GetAtt": [logGroupId, "Arn"] });

      // Everything else a function may do: X-Ray; the fan-out also reads the stream and writes its DLQ.
      const rest = statements.filter((s) => !onTable.includes(s) && !onIndex.includes(s) && !manage.includes(s) && s !== logging);
      const allowed = ["xray:PutTelemetryRecords", "xray:PutTraceSegments"];
      if (STREAM_READERS.has(name)) {
        allowed.push("dynamodb:ListStreams", ...STREAM_READ, "sqs:GetQueueAttributes", "sqs:GetQueueUrl", "sqs:SendMessage");
        const streamRead = only(rest.filter((s) => actions(s).includes("dynamodb:GetRecords")));
        expect(actions(streamRead).sort()).toEqual(STREAM_READ);
        expect(streamRead.Resource).toEqual({ "Fn::GetAtt": [tableId, "StreamArn"] });
      }
      expect(rest.flatMap(actions).sort()).toEqual(allowed.sort());
      for (const s of rest) {
        if (actions(s).some((a) => a.startsWith("dynamodb:") && a !== "dynamodb:ListStreams")) expect(refersTo(s.Resource, tableId, "StreamArn")).toBe(true);
      }
    });
  }
});

describe("the HTTP API", () => {
  it("routes ANY /graphql, ANY /api/{proxy+}, and GET and HEAD of /embed/{proxy+} and /oembed to their functions over payload 2.0, on the $default stage", () => {
    const t = defaults;
    const [httpId] = only(resources(t, "AWS::ApiGatewayV2::Api").filter(([, a]) => a.Properties.ProtocolType === "HTTP"));
    const routes = resources(t, "AWS::ApiGatewayV2::Route").filter(([, r]) => r.Properties.ApiId.Ref === httpId);
    const integrations = t.findResources("AWS::ApiGatewayV2::Integration");
    const target = (route: Resource) => {
      const integrationId = (route.Properties.Target["Fn::Join"][1] as unknown[])[1] as { Ref: string };
      return integrations[integrationId.Ref]!.Properties;
    };
    const byKey = Object.fromEntries(routes.map(([, r]) => [r.Properties.RouteKey, target(r)]));
    const EMBED = ["GET /embed/{proxy+}", "GET /oembed", "HEAD /embed/{proxy+}", "HEAD /oembed"];
    expect(Object.keys(byKey).sort()).toEqual(["ANY /api/{proxy+}", "ANY /graphql", ...EMBED]);
    for (const [key, name] of [["ANY /graphql", "graphql"], ["ANY /api/{proxy+}", "rest"], ...EMBED.map((key) => [key, "embed"] as const)] as const) {
      expect(byKey[key]).toMatchObject({ IntegrationType: "AWS_PROXY", PayloadFormatVersion: "2.0" });
      expect(refersTo(byKey[key]!.IntegrationUri, functionId(t, name), "Arn")).toBe(true);
    }
    const [, stage] = only(resources(t, "AWS::ApiGatewayV2::Stage").filter(([, s]) => s.Properties.ApiId.Ref === httpId));
    expect(stage.Properties).toMatchObject({ StageName: "$default", AutoDeploy: true });
  });

  it("answers CORS with the local server's headers, for any origin unless told otherwise", () => {
    const cors = (t: Template) => only(resources(t, "AWS::ApiGatewayV2::Api").filter(([, a]) => a.Properties.ProtocolType === "HTTP"))[1].Properties.CorsConfiguration;
    expect(cors(defaults)).toEqual({
      AllowOrigins: ["*"],
      AllowMethods: ["GET", "POST", "OPTIONS"],
      AllowHeaders: ["authorization", "content-type", "idempotency-key", "if-match", "if-none-match", "apollo-require-preflight", "x-apollo-operation-name"],
      ExposeHeaders: ["etag", "location", "link", "retry-after"],
      MaxAge: 600,
    });
    expect(cors(synth({ allowedOrigins: ["https://play.example", "https://embed.example"] })).AllowOrigins).toEqual([
      "https://play.example",
      "https://embed.example",
    ]);
  });
});

describe("the WebSocket API", () => {
  it("routes $connect, $disconnect and $default to their functions, on a stage named after the deployment's", () => {
    const t = defaults;
    const [wsId, ws] = only(resources(t, "AWS::ApiGatewayV2::Api").filter(([, a]) => a.Properties.ProtocolType === "WEBSOCKET"));
    expect(ws.Properties.RouteSelectionExpression).toBe("$request.body.action");
    const integrations = t.findResources("AWS::ApiGatewayV2::Integration");
    const routes = resources(t, "AWS::ApiGatewayV2::Route").filter(([, r]) => r.Properties.ApiId.Ref === wsId);
    const byKey = Object.fromEntries(
      routes.map(([, r]) => [r.Properties.RouteKey, integrations[((r.Properties.Target["Fn::Join"][1] as unknown[])[1] as { Ref: string }).Ref]!.Properties]),
    );
    expect(Object.keys(byKey).sort()).toEqual(["$connect", "$default", "$disconnect"]);
    for (const [key, name] of [["$connect", "ws-connect"], ["$disconnect", "ws-disconnect"], ["$default", "ws-default"]] as const) {
      expect(byKey[key]!.IntegrationType).toBe("AWS_PROXY");
      expect(refersTo(byKey[key]!.IntegrationUri, functionId(t, name), "Arn")).toBe(true);
    }
    const [, stage] = only(resources(t, "AWS::ApiGatewayV2::Stage").filter(([, s]) => s.Properties.ApiId.Ref === wsId));
    expect(stage.Properties).toMatchObject({ StageName: "test", AutoDeploy: true });
  });

  it("API Gateway may invoke each route's function, from this API only", () => {
    const t = defaults;
    const [wsId] = only(resources(t, "AWS::ApiGatewayV2::Api").filter(([, a]) => a.Properties.ProtocolType === "WEBSOCKET"));
    for (const name of ["ws-connect", "ws-disconnect", "ws-default"]) {
      const permission = only(resources(t, "AWS::Lambda::Permission").filter(([, p]) => refersTo(p.Properties.FunctionName, functionId(t, name), "Arn")))[1];
      expect(permission.Properties.Principal).toBe("apigateway.amazonaws.com");
      expect(refersTo(permission.Properties.SourceArn, wsId)).toBe(true);
    }
  });
});

/** The stage of the HTTP API or of the WebSocket API. */
function stageOf(t: Template, protocol: "HTTP" | "WEBSOCKET"): Resource {
  const [apiId] = only(resources(t, "AWS::ApiGatewayV2::Api").filter(([, a]) => a.Properties.ProtocolType === protocol));
  return only(resources(t, "AWS::ApiGatewayV2::Stage").filter(([, s]) => s.Properties.ApiId.Ref === apiId))[1];
}

describe("abuse limits", () => {
  it("throttle every route of both APIs at 100 requests per second, bursts of 200, by default", () => {
    for (const protocol of ["HTTP", "WEBSOCKET"] as const) {
      expect(stageOf(defaults, protocol).Properties.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 });
    }
  });

  it("take their limits from the props, each API its own", () => {
    const t = synth({ httpThrottle: { rateLimit: 25.5, burstLimit: 50 }, webSocketThrottle: { rateLimit: 10, burstLimit: 20 } });
    expect(stageOf(t, "HTTP").Properties.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 25.5, ThrottlingBurstLimit: 50 });
    expect(stageOf(t, "WEBSOCKET").Properties.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 10, ThrottlingBurstLimit: 20 });
  });
});

describe("access logs", () => {
  const destination = (stage: Resource) => stage.Properties.AccessLogSettings.DestinationArn["Fn::GetAtt"] as [string, string];

  it("both APIs log every request as one JSON object to a log group of their own, kept a month and deleted with the stack", () => {
    const t = defaults;
    const groups = t.findResources("AWS::Logs::LogGroup");
    const functionGroups = new Set(resources(t, "AWS::Lambda::Function").map(([, f]) => f.Properties.LoggingConfig.LogGroup.Ref as string));
    const fields: Record<string, string[]> = {
      HTTP: ["requestId", "time", "ip", "userAgent", "method", "path", "route", "status", "bytes", "latencyMs", "integrationError"],
      WEBSOCKET: ["requestId", "time", "ip", "event", "route", "connectionId", "status", "integrationLatencyMs", "error"],
    };
    const seen = new Set<string>();
    for (const protocol of ["HTTP", "WEBSOCKET"] as const) {
      const stage = stageOf(t, protocol);
      const [groupId, attribute] = destination(stage);
      expect(attribute).toBe("Arn");
      expect(functionGroups.has(groupId)).toBe(false);
      seen.add(groupId);
      expect(groups[groupId]).toMatchObject({ Properties: { RetentionInDays: 30 }, DeletionPolicy: "Delete" });
      const format = JSON.parse(stage.Properties.AccessLogSettings.Format) as Record<string, string>;
      expect(Object.keys(format)).toEqual(fields[protocol]);
      for (const value of Object.values(format)) expect(value).toMatch(/^\$context\.[A-Za-z.]+$/);
    }
    expect(seen.size).toBe(2);
  });

  it("the retention comes from the props, for the functions' logs too", () => {
    const t = synth({ logRetention: RetentionDays.ONE_WEEK });
    for (const [, group] of resources(t, "AWS::Logs::LogGroup")) expect(group.Properties.RetentionInDays).toBe(7);
  });

  it("API Gateway's CloudWatch role for the account: created and kept by default, before the WebSocket stage", () => {
    const t = defaults;
    const [accountId, account] = only(resources(t, "AWS::ApiGateway::Account"));
    expect(account.DeletionPolicy).toBe("Retain");
    const roleId = account.Properties.CloudWatchRoleArn["Fn::GetAtt"][0] as string;
    const role = t.findResources("AWS::IAM::Role")[roleId]!;
    expect(role.DeletionPolicy).toBe("Retain");
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      { Action: "sts:AssumeRole", Effect: "Allow", Principal: { Service: "apigateway.amazonaws.com" } },
    ]);
    expect(JSON.stringify(role.Properties.ManagedPolicyArns)).toContain(":iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs");
    expect(stageOf(t, "WEBSOCKET").DependsOn).toContain(accountId);
  });

  it("apiGatewayLogRole existing: the account has one, the stack leaves the setting alone; off: no WebSocket access logs", () => {
    const existing = synth({ apiGatewayLogRole: "existing" });
    expect(resources(existing, "AWS::ApiGateway::Account")).toEqual([]);
    expect(stageOf(existing, "WEBSOCKET").Properties.AccessLogSettings).toBeDefined();
    const off = synth({ apiGatewayLogRole: "off" });
    expect(resources(off, "AWS::ApiGateway::Account")).toEqual([]);
    expect(stageOf(off, "WEBSOCKET").Properties.AccessLogSettings).toBeUndefined();
    expect(stageOf(off, "HTTP").Properties.AccessLogSettings).toBeDefined();
  });
});

describe("cdk-nag (AwsSolutions)", () => {
  type Violation = { ruleName: string; severity: string; violatingResources: { constructPath: string }[] };
  /** What the pack reports, errors and warnings alike, after the stack's acknowledgments. */
  const violations = (scope: IConstruct) => new AwsSolutionsChecks().validateScope(scope).violations as Violation[];
  /** What it would report without them: every finding, one per rule and resource. */
  const findings = (scope: IConstruct) => {
    const checks = new AwsSolutionsChecks();
    // A test-only look behind the acknowledgments; isAcknowledged is the pack's one way of reading them.
    (checks as unknown as { isAcknowledged: () => boolean }).isAcknowledged = () => false;
    return (checks.validateScope(scope).violations as Violation[]).flatMap((v) => v.violatingResources.map((r) => ({ rule: v.ruleName, path: r.constructPath })));
  };
  /** Every acknowledgment in the tree: where, which rule, why. */
  const acknowledgments = (scope: IConstruct) =>
    scope.node.findAll().flatMap((c) =>
      c.node.metadata
        .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
        .flatMap((m) => Object.entries(m.data as Record<string, string>).map(([id, reason]) => ({ path: c.node.path, rule: id.replace(/^annotation::/i, ""), reason }))),
    );

  it.each([["create"], ["existing"], ["off"]] as const)("reports nothing unacknowledged, with apiGatewayLogRole %s", (apiGatewayLogRole) => {
    const s = apiGatewayLogRole === "create" ? defaultStack : stack({ apiGatewayLogRole });
    expect(violations(s)).toEqual([]);
  });

  it("every acknowledgment has a reason and covers a finding on its construct or below it; none is spare", () => {
    for (const s of [defaultStack, stack({ apiGatewayLogRole: "off" })]) {
      const found = findings(s);
      const acknowledged = acknowledgments(s);
      expect(acknowledged.length).toBeGreaterThan(0);
      for (const a of acknowledged) {
        expect(a.reason.length, `${a.rule} at ${a.path}`).toBeGreaterThan(40);
        expect(found.some((f) => f.rule === a.rule && (f.path === a.path || f.path.startsWith(`${a.path}/`))), `${a.rule} at ${a.path}`).toBe(true);
      }
    }
  });

  it("acknowledges only what cannot be fixed: public routes, X-Ray's and ListStreams' *, connection ids, the DLQ itself, the account log role", () => {
    const count: Record<string, number> = {};
    for (const { rule } of findings(defaultStack)) {
      const key = rule.replace(/\[.*\]$/, "");
      count[key] = (count[key] ?? 0) + 1;
    }
    // Today: APIG4 x9 (routes: GraphQL, REST, the embed page's four, WebSocket's three), IAM5 x12 (ten roles' X-Ray * and the stream readers' ListStreams *,
    // two roles' @connections/*), SQS3 x2 (the fan-out's and webhook delivery's dead-letter queues), IAM4 x1 (the account's API Gateway log role).
    // webhook-deliver added one role (IAM5: X-Ray and ListStreams on one role, one finding) and one DLQ (SQS3); bot-play
    // one role (IAM5, the same), its failures going to the fan-out's queue. Growing any of these needs a look, and a reason.
    expect(count).toEqual({ "AwsSolutions-APIG4": 9, "AwsSolutions-IAM5": 13, "AwsSolutions-SQS3": 2, "AwsSolutions-IAM4": 1 });
  });
});

describe("the stream", () => {
  it("feeds new commits (INSERT of EV# items) to the fan-out, in batches, with partial failures, bisection, retries and a DLQ", () => {
    const t = defaults;
    const [tableId] = only(resources(t, "AWS::DynamoDB::Table"));
    const [queueId] = only(resources(t, "AWS::SQS::Queue").filter(([id]) => id.startsWith("FanOutFailures")));
    const [, mapping] = only(resources(t, "AWS::Lambda::EventSourceMapping").filter(([, m]) => JSON.stringify(m.Properties.FunctionName).includes(functionId(t, "stream-fanout"))));
    expect(mapping.Properties).toEqual({
      FunctionName: { Ref: functionId(t, "stream-fanout") },
      EventSourceArn: { "Fn::GetAtt": [tableId, "StreamArn"] },
      StartingPosition: "LATEST",
      BatchSize: 100,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 5,
      MaximumRecordAgeInSeconds: 900,
      FunctionResponseTypes: ["ReportBatchItemFailures"],
      DestinationConfig: { OnFailure: { Destination: { "Fn::GetAtt": [queueId, "Arn"] } } },
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify({ eventName: ["INSERT"], dynamodb: { Keys: { SK: { S: [{ prefix: "EV#" }] } } } }) }] },
    });
    t.hasResourceProperties("AWS::SQS::Queue", { MessageRetentionPeriod: 14 * 24 * 3600, SqsManagedSseEnabled: true });
  });
});

describe("correspondence", () => {
  it("the stream also feeds each new commit with index entries to stream-index, which retries and gives up to the same queue", () => {
    const t = defaults;
    const [tableId] = only(resources(t, "AWS::DynamoDB::Table"));
    const [queueId] = only(resources(t, "AWS::SQS::Queue").filter(([id]) => id.startsWith("FanOutFailures")));
    const [, mapping] = only(resources(t, "AWS::Lambda::EventSourceMapping").filter(([, m]) => JSON.stringify(m.Properties.FunctionName).includes(functionId(t, "stream-index"))));
    expect(mapping.Properties).toMatchObject({
      EventSourceArn: { "Fn::GetAtt": [tableId, "StreamArn"] },
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ["ReportBatchItemFailures"],
      DestinationConfig: { OnFailure: { Destination: { "Fn::GetAtt": [queueId, "Arn"] } } },
      FilterCriteria: {
        Filters: [{ Pattern: JSON.stringify({ eventName: ["INSERT"], dynamodb: { Keys: { SK: { S: [{ prefix: "EV#" }] } }, NewImage: { idx: { S: [{ exists: true }] } } } }) }],
      },
    });
  });

  it("an EventBridge schedule runs sweep-deadlines every minute, and may invoke nothing else", () => {
    const t = defaults;
    const [ruleId, rule] = only(resources(t, "AWS::Events::Rule").filter(([id]) => id.startsWith("DeadlineSweepSchedule")));
    expect(rule.Properties).toMatchObject({ ScheduleExpression: "rate(1 minute)", State: "ENABLED" });
    expect(rule.Properties.Targets).toHaveLength(1);
    expect(rule.Properties.Targets[0]).toMatchObject({ Arn: { "Fn::GetAtt": [functionId(t, "sweep-deadlines"), "Arn"] }, RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 60 } });
    const permission = only(resources(t, "AWS::Lambda::Permission").filter(([, p]) => p.Properties.Principal === "events.amazonaws.com" && refersTo(p.Properties.SourceArn, ruleId, "Arn")))[1];
    expect(permission.Properties).toMatchObject({ Action: "lambda:InvokeFunction", SourceArn: { "Fn::GetAtt": [ruleId, "Arn"] } });
    expect(refersTo(permission.Properties.FunctionName, functionId(t, "sweep-deadlines"), "Arn")).toBe(true);
  });
});

describe("outputs", () => {
  it("HTTP, GraphQL, REST and WebSocket URLs, the table name and the DLQ", () => {
    const t = defaults;
    const [httpId] = only(resources(t, "AWS::ApiGatewayV2::Api").filter(([, a]) => a.Properties.ProtocolType === "HTTP"));
    const [tableId] = only(resources(t, "AWS::DynamoDB::Table"));
    const [stageId] = only(resources(t, "AWS::ApiGatewayV2::Stage").filter(([, s]) => s.Properties.StageName === "test"));
    expect(Object.keys(t.findOutputs("*")).sort()).toEqual(["EmbedUrl", "FanOutFailureQueueUrl", "GraphqlUrl", "HttpUrl", "RestUrl", "TableName", "WebSocketUrl", "WebhookFailureQueueUrl"]);
    const [webhookQueueId] = only(resources(t, "AWS::SQS::Queue").filter(([id]) => id.startsWith("WebhookFailures")));
    t.hasOutput("WebhookFailureQueueUrl", { Value: { Ref: webhookQueueId } });
    t.hasOutput("HttpUrl", { Value: { "Fn::GetAtt": [httpId, "ApiEndpoint"] } });
    t.hasOutput("GraphqlUrl", { Value: { "Fn::Join": ["", [{ "Fn::GetAtt": [httpId, "ApiEndpoint"] }, "/graphql"]] } });
    t.hasOutput("TableName", { Value: { Ref: tableId } });
    t.hasOutput("WebSocketUrl", { Value: Match.objectLike({ "Fn::Join": ["", Match.arrayWith(["wss://"])] }) });
    expect(stageId).toBeDefined();
  });
});

describe("webhooks", () => {
  it("the stream feeds new commits to webhook-deliver, which gives up to a dead-letter queue of its own", () => {
    const t = defaults;
    const [tableId] = only(resources(t, "AWS::DynamoDB::Table"));
    const [queueId] = only(resources(t, "AWS::SQS::Queue").filter(([id]) => id.startsWith("WebhookFailures")));
    const [fanOutQueueId] = only(resources(t, "AWS::SQS::Queue").filter(([id]) => id.startsWith("FanOutFailures")));
    expect(queueId).not.toBe(fanOutQueueId);
    const [, mapping] = only(resources(t, "AWS::Lambda::EventSourceMapping").filter(([, m]) => JSON.stringify(m.Properties.FunctionName).includes(functionId(t, "webhook-deliver"))));
    expect(mapping.Properties).toEqual({
      FunctionName: { Ref: functionId(t, "webhook-deliver") },
      EventSourceArn: { "Fn::GetAtt": [tableId, "StreamArn"] },
      StartingPosition: "LATEST",
      BatchSize: 100,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 5,
      FunctionResponseTypes: ["ReportBatchItemFailures"],
      DestinationConfig: { OnFailure: { Destination: { "Fn::GetAtt": [queueId, "Arn"] } } },
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify({ eventName: ["INSERT"], dynamodb: { Keys: { SK: { S: [{ prefix: "EV#" }] } } } }) }] },
    });
    const queue = t.findResources("AWS::SQS::Queue")[queueId]!;
    expect(queue.Properties).toMatchObject({ MessageRetentionPeriod: 14 * 24 * 3600, SqsManagedSseEnabled: true });
  });

  it("an EventBridge schedule runs webhook-deliver's sweep every minute; the function may run 5 minutes and never learns a loopback policy", () => {
    const t = defaults;
    const [ruleId, rule] = only(resources(t, "AWS::Events::Rule").filter(([id]) => id.startsWith("WebhookSweepSchedule")));
    expect(rule.Properties).toMatchObject({ ScheduleExpression: "rate(1 minute)", State: "ENABLED" });
    expect(rule.Properties.Targets).toHaveLength(1);
    expect(rule.Properties.Targets[0]).toMatchObject({ Arn: { "Fn::GetAtt": [functionId(t, "webhook-deliver"), "Arn"] }, RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 60 } });
    const permission = only(resources(t, "AWS::Lambda::Permission").filter(([, p]) => p.Properties.Principal === "events.amazonaws.com" && refersTo(p.Properties.SourceArn, ruleId, "Arn")))[1];
    expect(refersTo(permission.Properties.FunctionName, functionId(t, "webhook-deliver"), "Arn")).toBe(true);
    const fn = t.findResources("AWS::Lambda::Function")[functionId(t, "webhook-deliver")]!;
    expect(fn.Properties.Timeout).toBe(300);
    for (const [, f] of resources(t, "AWS::Lambda::Function")) expect(Object.keys(f.Properties.Environment?.Variables ?? {})).not.toContain("WEBHOOK_ALLOW_LOOPBACK");
  });
});
