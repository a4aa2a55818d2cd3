import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Validations } from "aws-cdk-lib";
import * as apigw from "aws-cdk-lib/aws-apigateway";
import * as apigwv2 from "aws-cdk-lib/aws-apigatewayv2";
import { HttpLambdaIntegration, WebSocketLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import * as dynamodb from "aws-cdk-lib/aws-dynamodb";
import * as events from "aws-cdk-lib/aws-events";
import * as eventTargets from "aws-cdk-lib/aws-events-targets";
import * as iam from "aws-cdk-lib/aws-iam";
import * as lambda from "aws-cdk-lib/aws-lambda";
import { DynamoEventSource, SqsDlq } from "aws-cdk-lib/aws-lambda-event-sources";
import * as logs from "aws-cdk-lib/aws-logs";
import * as sqs from "aws-cdk-lib/aws-sqs";
import type { Construct } from "constructs";
import { preflightResponse } from "../src/api/cors.js";
import type { LogLevel } from "../src/logger.js";
import { INDEX, TABLE_KEYS, TTL_ATTRIBUTE } from "../src/store/dynamo/table.js";
import { type ApiGatewayLogRole, DEFAULT_HTTP_THROTTLE, DEFAULT_WEBSOCKET_THROTTLE, type Throttle } from "./config.js";
import { wildcardResourceFinding } from "./nag-finding.js";
import { type TableAction, TabulaFunction } from "./tabula-function.js";

/**
 * What each function does to the table, read off its code (src/store, src/realtime) — and
 * all it is allowed to do there:
 * - graphql, rest: a command is one consistent Query (load) and one conditional PutItem
 *   (append), then a conditional PutItem per inbox or deadline entry it changes; reads are
 *   Queries; a player token is checked with one GetItem (its player); `myMatches` queries the
 *   index (INDEX_ACCESS). Webhooks (src/store/dynamo/webhook-store.ts): GetItem, PutItem (the
 *   webhook, its queued catch-up, a test delivery's log entry), Query (its owner's in the index,
 *   its log), BatchWriteItem (a delete's partition, the log's oldest entry).
 * - ws-connect: `ConnectionStore.open` (UpdateItem).
 * - ws-disconnect: `close` reads the connection and deletes it and its subscriptions, and gives
 *   its address's count of subscriptions back (UpdateItem).
 * - ws-default: `connection_init` (UpdateItem), `subscribe` (GetItem, loads the match with a
 *   Query, PutItem, UpdateItem; the address's count, UpdateItem or a first PutItem), the
 *   catch-up delivery (lease UpdateItem/GetItem, Query), `complete` and gone clients (DeleteItem);
 *   the webhook operations sent over a connection as graphql's (BatchWriteItem, the index).
 * - stream-fanout: subscribers (Query), deliveries (as above), cleanup (DeleteItem).
 * - stream-index: puts the inbox and deadline entries each new commit carries (PutItem).
 * - sweep-deadlines: the matches due (a Query of the index), each loaded (Query) and its
 *   timeout appended with its entries (PutItem).
 * - webhook-deliver: reads the logs (Query), the webhooks (GetItem; by owner, a Query of the
 *   index) and their cursors (GetItem, Query); writes cursors and log entries (PutItem), trims
 *   the log (BatchWriteItem); its sweep queries the index for what is due and deletes a catch-up
 *   done (DeleteItem); a player webhook's catch-up reads its inbox (Query of the index).
 */
export const TABLE_ACCESS = {
  graphql: ["Query", "PutItem", "GetItem", "BatchWriteItem"],
  rest: ["Query", "PutItem", "GetItem", "BatchWriteItem"],
  "ws-connect": ["UpdateItem"],
  "ws-disconnect": ["GetItem", "DeleteItem", "UpdateItem"],
  "ws-default": ["GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query", "BatchWriteItem"],
  "stream-fanout": ["Query", "GetItem", "UpdateItem", "DeleteItem"],
  "stream-index": ["PutItem"],
  "sweep-deadlines": ["Query", "PutItem"],
  "webhook-deliver": ["Query", "GetItem", "PutItem", "BatchWriteItem", "DeleteItem"],
  // Loads a match where a bot is due (Query) and appends its command (PutItem, with the entries it changes).
  "bot-play": ["Query", "PutItem"],
  // Reads a match to serve its embed page and oEmbed answer; writes nothing.
  embed: ["Query", "GetItem"],
} as const satisfies Record<string, readonly TableAction[]>;

export type FunctionName = keyof typeof TABLE_ACCESS;

/** The functions that query the index (inboxes, the deadlines due), and only with Query. */
export const INDEX_ACCESS: readonly FunctionName[] = ["graphql", "rest", "ws-default", "sweep-deadlines", "webhook-deliver"];

/** How long bot-play may run: a batch's matches act in parallel, each one command after its think time (at most 10 s). */
export const BOT_PLAY_TIMEOUT = Duration.seconds(30);

/** How often the deadline sweep runs: a correspondence deadline is days, a live one minutes. */
export const SWEEP_EVERY = Duration.minutes(1);

/**
 * How long webhook-deliver may run: a stream batch's matches deliver in parallel, but one
 * webhook's events go one at a time, each up to 10 s (src/webhooks/send.ts).
 */
export const WEBHOOK_DELIVER_TIMEOUT = Duration.minutes(5);

export interface TabulaStackProps extends StackProps {
  /** Names the WebSocket stage and the APIs; one stack per stage. */
  readonly stage: string;
  /** Where `npm run build` put the bundles (`<assetDir>/<function>/index.mjs`). */
  readonly assetDir: string;
  /** Browser origins allowed by CORS on the HTTP API; default any (`*`). */
  readonly allowedOrigins?: readonly string[];
  /** MB for every function; default 1024 (Lambda's CPU share grows with it). */
  readonly memorySize?: number;
  /** Default `warn`. */
  readonly logLevel?: LogLevel;
  /** The functions' logs and the APIs' access logs; default one month. */
  readonly logRetention?: logs.RetentionDays;
  /** Default false: see TabulaFunctionProps.sourceMaps. */
  readonly sourceMaps?: boolean;
  /** Per route of the HTTP API; default DEFAULT_HTTP_THROTTLE (infra/config.ts). */
  readonly httpThrottle?: Throttle;
  /** Per route of the WebSocket API ($connect, $default, ...); default DEFAULT_WEBSOCKET_THROTTLE. */
  readonly webSocketThrottle?: Throttle;
  /** Who may frame the embed page (CSP `frame-ancestors`), e.g. `https://forum.example`; default `*`, any site. */
  readonly frameAncestors?: string;
  /** How long a bot waits before it acts, in ms; default 1000. */
  readonly botThinkMs?: number;
  /** The CloudWatch role the WebSocket access logs need; default `create` (see ApiGatewayLogRole). */
  readonly apiGatewayLogRole?: ApiGatewayLogRole;
}

/**
 * One JSON object per request, for CloudWatch Logs Insights. Every value is quoted: API Gateway
 * writes `-` for a variable without a value, which would not be JSON unquoted.
 */
const accessLogFormat = (fields: Record<string, string>) =>
  apigw.AccessLogFormat.custom(JSON.stringify(Object.fromEntries(Object.entries(fields).map(([key, variable]) => [key, `$context.${variable}`]))));

const HTTP_ACCESS_LOG = accessLogFormat({
  requestId: "requestId",
  time: "requestTime",
  ip: "identity.sourceIp",
  userAgent: "identity.userAgent",
  method: "httpMethod",
  path: "path",
  route: "routeKey",
  status: "status",
  bytes: "responseLength",
  latencyMs: "responseLatency",
  integrationError: "integrationErrorMessage",
});

const WEBSOCKET_ACCESS_LOG = accessLogFormat({
  requestId: "requestId",
  time: "requestTime",
  ip: "identity.sourceIp",
  event: "eventType",
  route: "routeKey",
  connectionId: "connectionId",
  status: "status",
  integrationLatencyMs: "integrationLatency",
  error: "error.message",
});

/**
 * Tabula on AWS: one DynamoDB table; GraphQL and REST on an HTTP API; live updates on a
 * WebSocket API (graphql-transport-ws), pushed by a function fed from the table's stream.
 */
export class TabulaStack extends Stack {
  readonly table: dynamodb.Table;
  readonly functions: Readonly<Record<FunctionName, TabulaFunction>>;
  readonly httpApi: apigwv2.HttpApi;
  readonly httpStage: apigwv2.HttpStage;
  readonly webSocketApi: apigwv2.WebSocketApi;
  readonly webSocketStage: apigwv2.WebSocketStage;
  readonly fanOutFailures: sqs.Queue;
  readonly webhookFailures: sqs.Queue;

  constructor(scope: Construct, id: string, props: TabulaStackProps) {
    super(scope, id, props);

    this.table = new dynamodb.Table(this, "Table", {
      partitionKey: { name: TABLE_KEYS.partition, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sort, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // The fan-out reads only the keys; the image is there for whatever else may follow a commit.
      stream: dynamodb.StreamViewType.NEW_IMAGE,
      // Connections and subscriptions expire; match logs never carry the attribute.
      timeToLiveAttribute: TTL_ATTRIBUTE,
      // Match logs outlive the stack: `cdk destroy` leaves the table.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Inboxes by player and deadlines by time (src/store/dynamo/table.ts): one index, since
    // CloudFormation adds a single global secondary index to an existing table per update.
    this.table.addGlobalSecondaryIndex({
      indexName: INDEX.name,
      partitionKey: { name: INDEX.partition, type: dynamodb.AttributeType.STRING },
      sortKey: { name: INDEX.sort, type: dynamodb.AttributeType.STRING },
      projectionType: dynamodb.ProjectionType.ALL,
    });

    const logRetention = props.logRetention ?? logs.RetentionDays.ONE_MONTH;
    const shared = {
      assetDir: props.assetDir,
      table: this.table,
      memorySize: props.memorySize ?? 1024,
      logLevel: props.logLevel ?? "warn",
      logRetention,
      sourceMaps: props.sourceMaps ?? false,
    };
    // Logs are not data: they go with the stack, as the functions' do.
    const accessLogs = (id: string) => new logs.LogGroup(this, id, { retention: logRetention, removalPolicy: RemovalPolicy.DESTROY });
    const fn = (id: string, name: FunctionName, extra: { timeout?: Duration } = {}) =>
      new TabulaFunction(this, id, { ...shared, ...extra, name, tableActions: TABLE_ACCESS[name], queriesIndex: INDEX_ACCESS.includes(name) ? INDEX.name : undefined });
    /**
     * Feeds a function the table's new commits (INSERT of `EV#` items, and `newImage` whatever
     * else a filter wants of them): in batches, with partial failures, bisection, a dead-letter
     * queue. Its ListStreams needs the one wildcard the mapping cannot do without.
     */
    const readsCommits = (
      reader: lambda.Function,
      options: { batchSize: number; retryAttempts: number; deadLetters: sqs.IQueue; maxRecordAge?: Duration; newImage?: Record<string, unknown> },
    ): void => {
      reader.addEventSource(
        new DynamoEventSource(this.table, {
          startingPosition: lambda.StartingPosition.LATEST,
          batchSize: options.batchSize,
          bisectBatchOnError: true,
          retryAttempts: options.retryAttempts,
          ...(options.maxRecordAge ? { maxRecordAge: options.maxRecordAge } : {}),
          reportBatchItemFailures: true,
          onFailure: new SqsDlq(options.deadLetters),
          filters: [
            lambda.FilterCriteria.filter({
              eventName: lambda.FilterRule.isEqual("INSERT"),
              dynamodb: { Keys: { [TABLE_KEYS.sort]: { S: lambda.FilterRule.beginsWith("EV#") } }, ...(options.newImage ? { NewImage: options.newImage } : {}) },
            }),
          ],
        }),
      );
      // The same finding as X-Ray's (TabulaFunction), for one more statement on this role.
      Validations.of(reader.role!).acknowledge({
        id: "AwsSolutions-IAM5[Resource::*]",
        reason: "The event source mapping needs dynamodb:ListStreams, which accepts no resource but *; it reads only this table's stream",
      });
    };

    // HTTP: API Gateway answers CORS preflights itself and sets the CORS headers of every answer.
    const preflight = preflightResponse().headers;
    const list = (value: string | undefined) => (value ?? "").split(",").map((s) => s.trim()).filter(Boolean);
    this.httpApi = new apigwv2.HttpApi(this, "HttpApi", {
      apiName: `tabula-${props.stage}`,
      description: "Tabula: GraphQL at /graphql, REST at /api",
      corsPreflight: {
        allowOrigins: [...(props.allowedOrigins ?? ["*"])],
        allowMethods: [apigwv2.CorsHttpMethod.GET, apigwv2.CorsHttpMethod.POST, apigwv2.CorsHttpMethod.OPTIONS],
        allowHeaders: list(preflight["access-control-allow-headers"]),
        exposeHeaders: list(preflight["access-control-expose-headers"]),
        maxAge: Duration.seconds(Number(preflight["access-control-max-age"] ?? 600)),
      },
      // Made below, with throttling and access logs (the same construct id as the default one).
      createDefaultStage: false,
    });
    const httpThrottle = props.httpThrottle ?? DEFAULT_HTTP_THROTTLE;
    this.httpStage = this.httpApi.addStage("DefaultStage", {
      stageName: "$default",
      autoDeploy: true,
      throttle: { rateLimit: httpThrottle.rateLimit, burstLimit: httpThrottle.burstLimit },
      accessLogSettings: { destination: new apigwv2.LogGroupLogDestination(accessLogs("HttpAccessLogs")), format: HTTP_ACCESS_LOG },
    });
    const graphql = fn("GraphqlFunction", "graphql");
    const rest = fn("RestFunction", "rest");
    const httpRoutes = [
      ...this.httpApi.addRoutes({
        path: "/graphql",
        methods: [apigwv2.HttpMethod.ANY],
        integration: new HttpLambdaIntegration("GraphqlIntegration", graphql),
      }),
      ...this.httpApi.addRoutes({
        path: "/api/{proxy+}",
        methods: [apigwv2.HttpMethod.ANY],
        integration: new HttpLambdaIntegration("RestIntegration", rest),
      }),
    ];
    for (const route of httpRoutes) {
      Validations.of(route).acknowledge({
        id: "AwsSolutions-APIG4",
        reason:
          "Public by design: anyone may create a match and read or watch one; acting for a seat takes its token " +
          "(Authorization: Bearer), which the function checks on every command (src/api/auth.ts) against the match's own hash",
      });
    }

    // WebSocket: the routes' functions need the stage's management endpoint, so the API comes first.
    this.webSocketApi = new apigwv2.WebSocketApi(this, "WebSocketApi", {
      apiName: `tabula-${props.stage}-live`,
      description: "Tabula live updates: graphql-transport-ws",
    });
    const webSocketThrottle = props.webSocketThrottle ?? DEFAULT_WEBSOCKET_THROTTLE;
    const logRole = props.apiGatewayLogRole ?? "create";
    this.webSocketStage = new apigwv2.WebSocketStage(this, "WebSocketStage", {
      webSocketApi: this.webSocketApi,
      stageName: props.stage,
      autoDeploy: true,
      throttle: { rateLimit: webSocketThrottle.rateLimit, burstLimit: webSocketThrottle.burstLimit },
      ...(logRole === "off"
        ? {}
        : { accessLogSettings: { destination: new apigwv2.LogGroupLogDestination(accessLogs("WebSocketAccessLogs")), format: WEBSOCKET_ACCESS_LOG } }),
    });
    if (logRole === "off") {
      Validations.of(this.webSocketStage).acknowledge({
        id: "AwsSolutions-APIG1",
        reason: "Turned off at deploy time (apiGatewayLogRole=off), for an account whose API Gateway CloudWatch role is not set",
      });
    }
    if (logRole === "create") {
      // A WebSocket stage may only log once the account's API Gateway settings name a role that
      // can write to CloudWatch Logs (a fresh account has none, and the deploy would fail). The
      // setting is one per account and region, shared with every other API there: the role
      // gets the permissions AWS prescribes for it, and both stay when the stack goes, so that
      // the other APIs' logging never loses its role.
      const role = new iam.Role(this, "ApiGatewayLogRole", {
        assumedBy: new iam.ServicePrincipal("apigateway.amazonaws.com"),
        description: "API Gateway's CloudWatch Logs role for this account and region (set by a Tabula stack)",
        managedPolicies: [iam.ManagedPolicy.fromAwsManagedPolicyName("service-role/AmazonAPIGatewayPushToCloudWatchLogs")],
      });
      role.applyRemovalPolicy(RemovalPolicy.RETAIN);
      Validations.of(role).acknowledge({
        id: "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]",
        reason:
          "API Gateway writes the logs of every API in this account and region with this one role, not only this " +
          "stack's: it gets AWS's own policy for exactly that role, as the API Gateway guide prescribes",
      });
      const account = new apigw.CfnAccount(this, "ApiGatewayAccount", { cloudWatchRoleArn: role.roleArn });
      account.applyRemovalPolicy(RemovalPolicy.RETAIN);
      this.webSocketStage.node.addDependency(account);
    }
    const live = { WEBSOCKET_MANAGEMENT_ENDPOINT: this.webSocketStage.callbackUrl };
    const liveFn = (id: string, name: FunctionName, timeout?: Duration) => {
      const f = fn(id, name, timeout ? { timeout } : {});
      for (const [key, value] of Object.entries(live)) f.addEnvironment(key, value);
      return f;
    };
    const wsConnect = liveFn("WsConnectFunction", "ws-connect");
    const wsDisconnect = liveFn("WsDisconnectFunction", "ws-disconnect");
    // A subscribe's catch-up may wait out another delivery's lease (10 s): up to API Gateway's 29 s.
    const wsDefault = liveFn("WsDefaultFunction", "ws-default", Duration.seconds(29));
    // As long as a fan-out's claim on a match (FAN_OUT_LEASE_MS, src/realtime/aws/fan-out.ts): no two invocations push at once.
    const streamFanout = liveFn("StreamFanoutFunction", "stream-fanout", Duration.seconds(60));
    const webSocketRoutes = [
      this.webSocketApi.addRoute("$connect", { integration: new WebSocketLambdaIntegration("ConnectIntegration", wsConnect) }),
      this.webSocketApi.addRoute("$disconnect", { integration: new WebSocketLambdaIntegration("DisconnectIntegration", wsDisconnect) }),
      this.webSocketApi.addRoute("$default", { integration: new WebSocketLambdaIntegration("DefaultIntegration", wsDefault) }),
    ];
    for (const route of webSocketRoutes) {
      Validations.of(route).acknowledge({
        id: "AwsSolutions-APIG4",
        reason:
          "Public by design: a spectator watches without a token, and a seat's token comes in the graphql-ws " +
          "connection_init message, after $connect (the only route an authorizer can guard); ws-default checks it",
      });
    }

    // Only the functions that push may post to connections, on this API and stage only. They
    // only ever post (PostToConnection), never read or close a connection.
    const connections = Stack.of(this).formatArn({ service: "execute-api", resource: this.webSocketApi.apiId, resourceName: `${props.stage}/POST/@connections/*` });
    const postToConnections = new iam.PolicyStatement({ actions: ["execute-api:ManageConnections"], resources: [connections] });
    for (const pusher of [wsDefault, streamFanout]) {
      pusher.addToRolePolicy(postToConnections);
      Validations.of(pusher.role!).acknowledge({
        id: wildcardResourceFinding(this, connections),
        reason: "Connection ids are made by API Gateway as clients connect; this is POST to any connection of this API's stage, nothing more",
      });
    }

    // Every committed event reaches the fan-out; nothing else in the table does.
    this.fanOutFailures = new sqs.Queue(this, "FanOutFailures", {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    Validations.of(this.fanOutFailures).acknowledge({
      id: "AwsSolutions-SQS3",
      reason:
        "This queue is itself the dead-letter destination of the stream's event source mapping (cdk-nag only recognizes " +
        "queues' redrive policies); nothing consumes it automatically, so a queue behind it would never receive anything",
    });
    // An update this old is not live any more; a subscriber still gets it with its match's next
    // commit: a retry that comes this late has marked how far the fan-out got (fan-out.ts).
    readsCommits(streamFanout, { batchSize: 100, retryAttempts: 5, maxRecordAge: Duration.minutes(15), deadLetters: this.fanOutFailures });

    // The inbox and deadline entries each commit carries, applied again from the stream: the
    // request that committed may have died before it wrote them (src/store/match-index.ts).
    const streamIndex = fn("StreamIndexFunction", "stream-index", { timeout: Duration.seconds(30) });
    readsCommits(streamIndex, { batchSize: 100, retryAttempts: 10, deadLetters: this.fanOutFailures, newImage: { idx: { S: lambda.FilterRule.exists() } } });

    // Matches whose deadline has passed are finished by the server itself, every minute.
    const sweepDeadlines = fn("SweepDeadlinesFunction", "sweep-deadlines", { timeout: Duration.seconds(60) });
    new events.Rule(this, "DeadlineSweepSchedule", {
      description: "Tabula: finish the matches whose deadline has passed (functions/sweep-deadlines.ts)",
      schedule: events.Schedule.rate(SWEEP_EVERY),
      targets: [new eventTargets.LambdaFunction(sweepDeadlines, { retryAttempts: 2, maxEventAge: SWEEP_EVERY })],
    });

    // Webhooks (docs/webhooks.md): one function delivers what each commit produces, from the
    // stream, and what falls due later (retries, catch-ups the HTTP functions queue), every minute.
    const webhookDeliver = fn("WebhookDeliverFunction", "webhook-deliver", { timeout: WEBHOOK_DELIVER_TIMEOUT });
    // Its own dead-letter queue: a stream batch it gave up on is webhook work, to be looked at
    // (and its matches' webhooks resumed or caught up) apart from the fan-out's.
    this.webhookFailures = new sqs.Queue(this, "WebhookFailures", {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    Validations.of(this.webhookFailures).acknowledge({
      id: "AwsSolutions-SQS3",
      reason:
        "This queue is itself the dead-letter destination of webhook-deliver's stream event source mapping (cdk-nag only " +
        "recognizes queues' redrive policies); nothing consumes it automatically, so a queue behind it would never receive anything",
    });
    // A receiver's failure is a retry stored in the table, never a failed batch: a batch fails
    // only when the table does, so a few retries; the cursors make each one idempotent.
    readsCommits(webhookDeliver, { batchSize: 100, retryAttempts: 5, deadLetters: this.webhookFailures });
    new events.Rule(this, "WebhookSweepSchedule", {
      description: "Tabula: webhook retries and catch-ups that fell due (functions/webhook-deliver.ts)",
      schedule: events.Schedule.rate(SWEEP_EVERY),
      targets: [new eventTargets.LambdaFunction(webhookDeliver, { retryAttempts: 2, maxEventAge: SWEEP_EVERY })],
    });

    // Bots (docs/bots.md): each new commit, the bot due next in its match (if any) thinks and acts.
    const botPlay = fn("BotPlayFunction", "bot-play", { timeout: BOT_PLAY_TIMEOUT });
    botPlay.addEnvironment("BOT_THINK_MS", String(props.botThinkMs ?? 1000));
    // A bot's command carries the version it was decided on: a retried batch never makes a bot act twice.
    readsCommits(botPlay, { batchSize: 20, retryAttempts: 5, deadLetters: this.fanOutFailures });

    // The embed page, its assets and oEmbed: a Lambda route beside the API's (docs/deploy.md says why not S3).
    const embed = fn("EmbedFunction", "embed");
    embed.addEnvironment("WEBSOCKET_URL", this.webSocketStage.url);
    embed.addEnvironment("FRAME_ANCESTORS", props.frameAncestors ?? "*");
    const embedIntegration = new HttpLambdaIntegration("EmbedIntegration", embed);
    for (const path of ["/embed/{proxy+}", "/oembed"]) {
      for (const route of this.httpApi.addRoutes({ path, methods: [apigwv2.HttpMethod.GET, apigwv2.HttpMethod.HEAD], integration: embedIntegration })) {
        Validations.of(route).acknowledge({ id: "AwsSolutions-APIG4", reason: "Public by design: the embed page shows what any spectator of the match may see" });
      }
    }

    this.functions = {
      graphql,
      rest,
      embed,
      "ws-connect": wsConnect,
      "ws-disconnect": wsDisconnect,
      "ws-default": wsDefault,
      "stream-fanout": streamFanout,
      "stream-index": streamIndex,
      "sweep-deadlines": sweepDeadlines,
      "webhook-deliver": webhookDeliver,
      "bot-play": botPlay,
    };

    const httpUrl = this.httpApi.apiEndpoint;
    new CfnOutput(this, "HttpUrl", { value: httpUrl, description: "HTTP API base URL" });
    new CfnOutput(this, "GraphqlUrl", { value: `${httpUrl}/graphql`, description: "GraphQL endpoint (POST, or GET for queries)" });
    new CfnOutput(this, "EmbedUrl", { value: `${httpUrl}/embed/`, description: "Embed pages: <EmbedUrl><matchId> in an iframe" });
    new CfnOutput(this, "RestUrl", { value: `${httpUrl}/api`, description: "REST base; the OpenAPI document is at /api/openapi.json" });
    new CfnOutput(this, "WebSocketUrl", { value: this.webSocketStage.url, description: "Live updates: graphql-ws (graphql-transport-ws)" });
    new CfnOutput(this, "TableName", { value: this.table.tableName, description: "The DynamoDB table (retained on destroy)" });
    new CfnOutput(this, "FanOutFailureQueueUrl", { value: this.fanOutFailures.queueUrl, description: "Stream batches the fan-out (or the index) gave up on" });
    new CfnOutput(this, "WebhookFailureQueueUrl", { value: this.webhookFailures.queueUrl, description: "Stream batches webhook delivery gave up on" });
  }
}
