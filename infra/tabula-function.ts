import { existsSync } from "node:fs";
import { join } from "node:path";
import { Duration, RemovalPolicy } from "aws-cdk-lib";
import type { ITable } from "aws-cdk-lib/aws-dynamodb";
import * as lambda from "aws-cdk-lib/aws-lambda";
import * as logs from "aws-cdk-lib/aws-logs";
import type { Construct } from "constructs";
import type { LogLevel } from "../src/api/logger.js";

/** The DynamoDB actions a function may be granted on the table, without the `dynamodb:` prefix. */
export type TableAction = "GetItem" | "PutItem" | "UpdateItem" | "DeleteItem" | "Query";

export interface TabulaFunctionProps {
  /** The bundle: `<assetDir>/<name>/index.mjs`, built from `functions/<name>.ts` by `npm run build`. */
  readonly name: string;
  readonly assetDir: string;
  readonly table: ITable;
  /** Exactly the table actions its code performs; nothing else is granted on the table. */
  readonly tableActions: readonly TableAction[];
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
 * The defaults every Tabula function shares, fixed in one place: Node.js 22 on arm64, the
 * pre-built bundle from dist/ (synthesis needs no Docker and no bundler), active X-Ray tracing,
 * a log group of its own with a retention, the table's name in TABLE_NAME, and table
 * permissions granted action by action.
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
    super(scope, id, {
      description: `Tabula functions/${props.name}.ts`,
      runtime: lambda.Runtime.NODEJS_22_X,
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
    props.table.grant(this, ...props.tableActions.map((action) => `dynamodb:${action}`));
  }
}
