import { createHash, createHmac } from "node:crypto";

/**
 * AWS Signature Version 4 for one HTTP request, as the SDK computes it (its signer signs the
 * same canonical request; `test/realtime/sigv4.test.ts` checks the two agree). The fan-out
 * posts hundreds of messages per commit, and the SDK client's own overhead per call (middleware,
 * endpoint rules, serde) was most of a push's cost; the signature itself is two hashes and a MAC.
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

const sha256 = (data: string | Buffer): string => createHash("sha256").update(data).digest("hex");

/** RFC 3986, as SigV4 escapes: encodeURIComponent leaves !'()* alone. */
export const escapeUri = (text: string): string =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const keys = new Map<string, Buffer>();
/** The day's signing key, derived with four MACs; the same all day for one secret, region and service. */
function signingKey(secret: string, day: string, region: string, service: string): Buffer {
  const id = `${secret}\n${day}\n${region}\n${service}`;
  let key = keys.get(id);
  if (!key) {
    key = [day, region, service, "aws4_request"].reduce<Buffer>((k, part) => createHmac("sha256", k).update(part).digest(), Buffer.from(`AWS4${secret}`));
    if (keys.size > 16) keys.clear();
    keys.set(id, key);
  }
  return key;
}

/** The headers to send: the request's, with host, x-amz-date, the session token and authorization. */
export function signRequest(request: SignedRequest, scope: { readonly region: string; readonly service: string }, credentials: Credentials, now: Date): Record<string, string> {
  const amzDate = now.toISOString().replace(/[-:]|\.\d{3}/g, "");
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...request.headers,
    host: request.host,
    "x-amz-date": amzDate,
    ...(credentials.sessionToken ? { "x-amz-security-token": credentials.sessionToken } : {}),
  };
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(";");
  const canonicalRequest = [
    request.method,
    // Services other than S3 escape the (already escaped) path once more.
    request.path.split("/").map(escapeUri).join("/"),
    "",
    names.map((name) => `${name}:${headers[name]!.trim().replace(/\s+/g, " ")}\n`).join(""),
    signedHeaders,
    sha256(request.body),
  ].join("\n");
  const credentialScope = `${day}/${scope.region}/${scope.service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, credentialScope, sha256(canonicalRequest)].join("\n");
  const signature = createHmac("sha256", signingKey(credentials.secretAccessKey, day, scope.region, scope.service)).update(stringToSign).digest("hex");
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${credentialScope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}
