import { Sha256 } from "@smithy/core/checksum";
import { SignatureV4 } from "@smithy/signature-v4";

/**
 * AWS Signature Version 4 for one management API request, by the SDK's own signer: the fan-out
 * posts hundreds of messages per commit, and the SDK client's work per call around the signature
 * (middleware, endpoint rules, serde) was most of a push's cost, so the poster builds the plain
 * request itself and asks the signer only for the signature (`test/realtime/sigv4.test.ts`
 * checks it is the client's).
 */
export interface Credentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string | undefined;
}

export interface SignedRequest {
  readonly method: string;
  readonly host: string;
  /** The path as sent, each segment already escaped. */
  readonly path: string;
  /** Lower-case names; all of them are signed, with host, x-amz-date and the session token. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

/** RFC 3986, as SigV4 escapes: encodeURIComponent leaves !'()* alone. */
export const escapeUri = (text: string): string =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The headers to send: the request's, with host, x-amz-date, the session token and authorization. */
export async function signRequest(request: SignedRequest, scope: { readonly region: string; readonly service: string }, credentials: Credentials, now: Date): Promise<Record<string, string>> {
  const signer = new SignatureV4({ credentials, region: scope.region, service: scope.service, sha256: Sha256 });
  const signed = await signer.sign(
    { method: request.method, protocol: "https:", hostname: request.host, path: request.path, query: {}, headers: { ...request.headers, host: request.host }, body: request.body },
    { signingDate: now },
  );
  return signed.headers as Record<string, string>;
}
