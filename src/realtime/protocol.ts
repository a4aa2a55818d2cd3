import * as z from "../zod.js";

/**
 * The graphql-transport-ws protocol (the `graphql-ws` library's), as the API Gateway path
 * speaks it. The local direct path uses the library's own server (and takes its frame limit
 * from here); this file serves the Lambda handlers (aws/), where every client message arrives
 * on its own and is answered through the management API.
 */
export { SUBPROTOCOL } from "./subprotocol.js";

const id = z.string().check(z.minLength(1), z.maxLength(128));
const payload = z.nullish(z.record(z.string(), z.unknown()));

export const clientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("connection_init"), payload }),
  z.object({ type: z.literal("ping"), payload }),
  z.object({ type: z.literal("pong"), payload }),
  z.object({
    type: z.literal("subscribe"),
    id,
    payload: z.object({
      query: z.string().check(z.minLength(1), z.maxLength(16_384)),
      operationName: z.nullish(z.string()),
      variables: z.nullish(z.record(z.string(), z.unknown())),
      extensions: z.nullish(z.record(z.string(), z.unknown())),
    }),
  }),
  z.object({ type: z.literal("complete"), id }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export type ServerMessage =
  | { type: "connection_ack"; payload?: Record<string, unknown> }
  | { type: "ping"; payload?: Record<string, unknown> }
  | { type: "pong"; payload?: Record<string, unknown> }
  | { type: "next"; id: string; payload: unknown }
  | { type: "error"; id: string; payload: readonly unknown[] }
  | { type: "complete"; id: string };

/** Biggest message API Gateway's management API posts to a client (`PostToConnection`). */
export const MAX_POST_BYTES = 128 * 1024;

/** Biggest client message accepted; API Gateway itself caps frames at 32 KB. */
export const MAX_MESSAGE_BYTES = 32 * 1024;

/** Parses one client frame; a problem is returned as a sentence for the error message. */
export function parseClientMessage(raw: string | undefined | null): { ok: true; message: ClientMessage } | { ok: false; problem: string } {
  if (!raw) return { ok: false, problem: "empty message" };
  if (Buffer.byteLength(raw, "utf8") > MAX_MESSAGE_BYTES) return { ok: false, problem: `message larger than ${MAX_MESSAGE_BYTES} bytes` };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, problem: "message is not valid JSON" };
  }
  const parsed = clientMessageSchema.safeParse(json);
  if (!parsed.success) return { ok: false, problem: `not a graphql-transport-ws message: ${parsed.error.issues[0]?.message ?? "invalid"}` };
  return { ok: true, message: parsed.data };
}
