/**
 * How WebSocket subscriptions are served locally: `direct` (graphql-ws in the server process) or
 * `lambda` (a local API Gateway and stream feeder running the deployed Lambda handlers).
 */
export const GATEWAY_MODES = ["direct", "lambda"] as const;
export type GatewayMode = (typeof GATEWAY_MODES)[number];

export const isGatewayMode = (value: string): value is GatewayMode => (GATEWAY_MODES as readonly string[]).includes(value);

/** Why `--gateway=lambda` cannot run with an external store; shared with the CLI. */
export const LAMBDA_NEEDS_EMBEDDED_STORE =
  "--gateway=lambda needs the embedded store: its stream of acknowledged writes stands in for DynamoDB Streams, which an external DYNAMODB_ENDPOINT does not provide here; unset DYNAMODB_ENDPOINT";
