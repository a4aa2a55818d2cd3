/**
 * Each payload's JSON and its size in bytes, worked out once per payload object. The fan-out
 * renders one payload per document and seat (shared-payloads.ts) and posts it to every
 * subscriber running that document: it is measured against API Gateway's limit
 * (postable-next.ts) and serialised for the post (management-api.ts) from the same text.
 */
const encoded = new WeakMap<object, { readonly json: string; readonly bytes: number; readonly utf8: Buffer }>();

/** The JSON, its size, and its UTF-8 bytes (the poster sends the same bytes to every subscriber). */
export function payloadJson(payload: object): { readonly json: string; readonly bytes: number; readonly utf8: Buffer } {
  let found = encoded.get(payload);
  if (found === undefined) {
    const json = JSON.stringify(payload);
    const utf8 = Buffer.from(json, "utf8");
    encoded.set(payload, (found = { json, bytes: utf8.length, utf8 }));
  }
  return found;
}
