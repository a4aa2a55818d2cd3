import { ApiGatewayManagementApiClient, PostToConnectionCommand } from "@aws-sdk/client-apigatewaymanagementapi";
import { describe, expect, it } from "vitest";
import { escapeUri, signRequest } from "../../src/realtime/aws/sigv4.js";

/**
 * The management API poster builds its requests itself and signs them with the SDK's signer
 * (src/realtime/aws/sigv4.ts): its signature must be the client's for the same request. The SDK client is run up to the point it would send,
 * and the request it signed is signed again here, over the same headers.
 */
async function sdkRequest(connectionId: string, body: string, credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string }) {
  let captured: { method: string; path: string; headers: Record<string, string>; body: Uint8Array } | undefined;
  const client = new ApiGatewayManagementApiClient({
    endpoint: "https://abc123.execute-api.eu-west-1.amazonaws.com/prod",
    region: "eu-west-1",
    credentials,
    maxAttempts: 1,
    requestHandler: {
      handle: async (request: any) => {
        captured = request;
        throw new Error("captured");
      },
    } as any,
  });
  await expect(client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(body) }))).rejects.toThrow("captured");
  client.destroy();
  return captured!;
}

describe("SigV4 for the management API", () => {
  for (const [name, connectionId, credentials] of [
    ["with a session token (Lambda's credentials)", "L0SM9cOFvHcCIhw=", { accessKeyId: "ASIAEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", sessionToken: "FwoGZXIvYXdzEXAMPLE//token==" }],
    ["without one, and an id needing escapes", "ab+/cd=!*'()", { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret" }],
  ] as const) {
    it(`signs as the SDK does, ${name}`, async () => {
      const body = JSON.stringify({ type: "next", id: "s1", payload: { data: { matchUpdated: { version: 3 } } } });
      const sdk = await sdkRequest(connectionId, body, credentials);
      expect(sdk.path).toBe(`/prod/@connections/${escapeUri(connectionId)}`);
      const authorization = sdk.headers.authorization!;
      const signedNames = /SignedHeaders=([^,]+)/.exec(authorization)![1]!.split(";");
      const amzDate = sdk.headers["x-amz-date"]!;
      const now = new Date(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);
      const own = new Set(["host", "x-amz-date", "x-amz-security-token"]);
      const headers = Object.fromEntries(signedNames.filter((n) => !own.has(n)).map((n) => [n, sdk.headers[n]!]));
      const ours = await signRequest({ method: sdk.method, host: sdk.headers.host!, path: sdk.path, headers, body: Buffer.from(sdk.body) }, { region: "eu-west-1", service: "execute-api" }, credentials, now);
      expect(ours.authorization).toBe(authorization);
      expect(ours["x-amz-security-token"]).toBe(sdk.headers["x-amz-security-token"]);
    });
  }
});
