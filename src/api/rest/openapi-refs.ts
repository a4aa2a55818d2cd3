/** References into the OpenAPI document's components, for the operations' declarations and the document itself. */
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const json = (schema: object) => ({ "application/json": { schema } });
export const etag = { ETag: { $ref: "#/components/headers/ETag" } };
