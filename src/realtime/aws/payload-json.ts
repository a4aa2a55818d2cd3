/**
 * Each payload's JSON and its size in bytes, worked out once per payload object. The fan-out
 * renders one payload per document and seat (shared-payloads.ts) and posts it to every
 * subscriber running that document: it is measured against API Gateway's limit
 * (postable-next.ts) and serialised for the post (management-api.ts) from the same text.
 */
const encoded = new WeakMap<object, { readonly json: string; readonly bytes: number }>();

export function payloadJson(payload: object): { readonly json: string; readonly bytes: number } {
  let found = encoded.get(payload);
  if (found === undefined) {
    const json = JSON.stringify(payload);
    encoded.set(payload, (found = { json, bytes: Buffer.byteLength(json, "utf8") }));
  }
  return found;
}
