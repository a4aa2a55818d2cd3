import { existsSync } from "node:fs";
import { join } from "node:path";
import { Duration, RemovalPolicy, Validations } from "aws-cdk-lib";
import type { ITable } from "aws-cdk-lib/aws-dynamodb";
import * as iam from "aws-cdk-lib/aws-iam";
import * as lambda from "aws-cdk-lib/aws-lambda";
import * as logs from "aws-cdk-lib/aws-logs";
import type { Construct } from "constructs";
import type { LogLevel } from "../src/logger.js";

/** The DynamoDB actions a function may be granted on the table, without the `dynamodb:` prefix. */
export type TableAction = "GetItem" | "PutItem" | "UpdateItem" | "DeleteItem" | "Query" | "BatchWriteItem";

export interface TabulaFunctionProps {
  /** The bundle: `<assetDir>/<name>/index.mjs`, built from `functions/<name>.ts` by `npm run build`. */
  readonly name: string;
  readonly assetDir: string;
  readonly table: ITable;
  /** Exactly the table actions its code performs; nothing else is granted on the table. */
  readonly tableActions: readonly TableAction[];
  /** The table's global secondary index it queries (inboxes, deadlines), if any: Query on that index only. */
  readonly queriesIndex?: string | undefined;
  readonly memorySize: number;
  readonly logLevel: LogLevel;
  readonly logRetention: logs.RetentionDays;
  /** Ship `index.mjs.map` and run with --enable-source-maps (readable stacks, slower cold start). */
  readonly sourceMaps: boolean;
  /** Default 10 s. */
  readonly timeout?: Duration;
  readonly environment?: Record<string, string>;
}

/**
 * Lambda's newest Node.js, the one infra/build.ts compiles for (`LAMBDA_NODE_MAJOR`; the stack
 * test checks that they agree).
 */
export const RUNTIME = lambda.Runtime.NODEJS_24_X;

/**
 * The defaults every Tabula function shares, fixed in one place: Node.js 24 on arm64, the
 * pre-built bundle from dist/ (synthesis needs no Docker and no bundler), active X-Ray tracing,
 * a log group of its own with a retention, the table's name in TABLE_NAME, and a role of its
 * own that may write to that log group and perform the table actions it is given, action by
 * action, and nothing else.
 */
export class TabulaFunction extends lambda.Function {
  constructor(scope: Construct, id: string, props: TabulaFunctionProps) {
    const dir = join(props.assetDir, props.name);
    if (!existsSync(join(dir, "index.mjs"))) {
      throw new Error(`${join(dir, "index.mjs")} is missing: run \`npm run build\` before synthesizing the stack`);
    }
    const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention,
      // Logs are not data: they go with the stack (the table does not).
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Not AWSLambdaBasicExecutionRole: that managed policy lets a function create any log group
    // and write to every one in the account; this role writes to its own group only.
    const role = new iam.Role(scope, `${id}Role`, {
      assumedBy: new iam.ServicePrincipal("lambda.amazonaws.com"),
      description: `Tabula functions/${props.name}.ts`,
    });
    logGroup.grantWrite(role);
    super(scope, id, {
      description: `Tabula functions/${props.name}.ts`,
      runtime: RUNTIME,
      role,
      architecture: lambda.Architecture.ARM_64,
      handler: "index.handler",
      code: lambda.Code.fromAsset(dir, props.sourceMaps ? {} : { exclude: ["*.map"] }),
      memorySize: props.memorySize,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: lambda.Tracing.ACTIVE,
      logGroup,
      environment: {
        TABLE_NAME: props.table.tableName,
        LOG_LEVEL: props.logLevel,
        ...(props.sourceMaps ? { NODE_OPTIONS: "--enable-source-maps" } : {}),
        ...props.environment,
      },
    });
    // Not `table.grant`: once the table has an index, that grants every action on `index/*` too.
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: props.tableActions.map((action) => `dynamodb:${action}`), resources: [props.table.tableArn] }));
    if (props.queriesIndex) {
      role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ["dynamodb:Query"], resources: [`${props.table.tableArn}/index/${props.queriesIndex}`] }));
    }
    // Tracing.ACTIVE grants xray:PutTraceSegments and xray:PutTelemetryRecords, which have no
    // resource-level permissions in IAM: `*` is the only resource they accept. The stack test
    // pins every action each role has, so nothing else can hide behind this acknowledgment.
    Validations.of(role).acknowledge({
      id: "AwsSolutions-IAM5[Resource::*]",
      reason: "X-Ray's PutTraceSegments and PutTelemetryRecords accept no resource but *",
    });
  }
}
