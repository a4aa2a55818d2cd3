/**
 * The events the Lambda suites feed to the built bundles, as API Gateway sends them: an HTTP API
 * payload 2.0 request (what the graphql and rest functions receive), and a WebSocket route's
 * event (what the ws-* functions receive).
 */
export const httpEvent = (method: string, path: string, body?: unknown, token?: string) => ({
  version: "2.0",
  routeKey: path === "/graphql" ? "ANY /graphql" : "ANY /api/{proxy+}",
  rawPath: path,
  rawQueryString: "",
  headers: {
    host: "bench.execute-api.local",
    ...(body === undefined ? {} : { "content-type": "application/json" }),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  },
  ...(path.startsWith("/api/") ? { pathParameters: { proxy: path.slice("/api/".length) } } : {}),
  requestContext: {
    accountId: "000000000000",
    apiId: "bench",
    domainName: "bench.execute-api.local",
    domainPrefix: "bench",
    http: { method, path, protocol: "HTTP/1.1", sourceIp: "127.0.0.1", userAgent: "bench" },
    requestId: "bench",
    routeKey: "bench",
    stage: "$default",
    time: new Date().toISOString(),
    timeEpoch: Date.now(),
  },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  isBase64Encoded: false,
});

export const wsEvent = (routeKey: "$connect" | "$default" | "$disconnect", connectionId: string, body?: unknown) => ({
  requestContext: {
    routeKey,
    connectionId,
    eventType: routeKey === "$connect" ? "CONNECT" : routeKey === "$disconnect" ? "DISCONNECT" : "MESSAGE",
    stage: "bench",
    identity: { sourceIp: "127.0.0.1" },
  },
  headers: { "Sec-WebSocket-Protocol": "graphql-transport-ws" },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  isBase64Encoded: false,
});
