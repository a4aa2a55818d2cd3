import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { generateSecret, secretKey, signHeaders } from "../../src/webhooks/sign.js";

/** Verification is the spec's own library's, never ours: what a receiver runs. */
const verify = (secret: string, body: string, headers: Record<string, string>) => new Webhook(secret).verify(body, headers);

const body = JSON.stringify({ type: "match.updated", timestamp: "2026-01-01T00:00:00.000Z", data: { matchId: "m", version: 3 } });
const id = "msg_2KWPBgLlAfxdpx2AI54pPJ";

describe("signing (checked by the standardwebhooks library)", () => {
  it("a signed delivery verifies, and gives back the body", () => {
    const secret = generateSecret();
    expect(verify(secret, body, { ...signHeaders(secret, id, new Date(), body) })).toEqual(JSON.parse(body));
  });

  it("verifies a body of any characters, as its UTF-8 bytes", () => {
    const secret = generateSecret();
    const accented = JSON.stringify({ name: "Zoë ♟ 日本" });
    expect(verify(secret, accented, { ...signHeaders(secret, id, new Date(), accented) })).toEqual({ name: "Zoë ♟ 日本" });
  });

  it("a forged body, another id or another timestamp fail", () => {
    const secret = generateSecret();
    const headers = { ...signHeaders(secret, id, new Date(), body) };
    expect(() => verify(secret, body.replace('"version":3', '"version":4'), headers)).toThrow("No matching signature found");
    expect(() => verify(secret, body, { ...headers, "webhook-id": "msg_other" })).toThrow("No matching signature found");
    expect(() => verify(secret, body, { ...headers, "webhook-timestamp": String(Number(headers["webhook-timestamp"]) - 1) })).toThrow("No matching signature found");
  });

  it("a wrong secret fails", () => {
    const headers = { ...signHeaders(generateSecret(), id, new Date(), body) };
    expect(() => verify(generateSecret(), body, headers)).toThrow("No matching signature found");
  });

  it("a replay older than the library's tolerance (five minutes) fails, and a timestamp too far ahead", () => {
    const secret = generateSecret();
    const now = Date.now();
    expect(() => verify(secret, body, { ...signHeaders(secret, id, new Date(now - 10 * 60_000), body) })).toThrow("Message timestamp too old");
    expect(() => verify(secret, body, { ...signHeaders(secret, id, new Date(now + 10 * 60_000), body) })).toThrow("Message timestamp too new");
    // Inside the tolerance, a little old is fine: a retry signed a minute ago still verifies.
    expect(verify(secret, body, { ...signHeaders(secret, id, new Date(now - 60_000), body) })).toEqual(JSON.parse(body));
  });

  it("while a secret is rotated both sign, and a receiver with either one verifies", () => {
    const [before, after] = [generateSecret(), generateSecret()];
    const headers = { ...signHeaders([before, after], id, new Date(), body) };
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=* v1,[A-Za-z0-9+/]+=*$/);
    expect(verify(before, body, headers)).toEqual(JSON.parse(body));
    expect(verify(after, body, headers)).toEqual(JSON.parse(body));
    expect(() => verify(generateSecret(), body, headers)).toThrow("No matching signature found");
  });

  it("headers are the spec's: the id, the timestamp in whole seconds", () => {
    const headers = signHeaders(generateSecret(), id, new Date("2026-01-01T00:00:00.999Z"), body);
    expect(headers["webhook-id"]).toBe(id);
    expect(headers["webhook-timestamp"]).toBe(String(Date.parse("2026-01-01T00:00:00Z") / 1000));
  });
});

describe("secrets", () => {
  it("are whsec_ and the base64 of 32 random bytes, each different", () => {
    const secrets = Array.from({ length: 20 }, generateSecret);
    for (const s of secrets) expect(secretKey(s)).toHaveLength(32);
    expect(new Set(secrets).size).toBe(20);
  });

  it("refuse what is not one: no prefix, not base64, a key too short or too long", () => {
    const key = (n: number) => Buffer.alloc(n, 7).toString("base64");
    expect(() => secretKey(key(32))).toThrow("whsec_");
    expect(() => secretKey("whsec_not base64!")).toThrow("whsec_");
    expect(() => secretKey(`whsec_${key(16)}`)).toThrow("not 16");
    expect(() => secretKey(`whsec_${key(65)}`)).toThrow("not 65");
    expect(secretKey(`whsec_${key(24)}`)).toEqual(Buffer.alloc(24, 7));
    expect(() => signHeaders([], id, new Date(), body)).toThrow("secret");
    expect(() => signHeaders(generateSecret(), "a.b", new Date(), body)).toThrow("webhook id");
  });
});
