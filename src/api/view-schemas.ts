import { MatchArchiveSchema } from "../service/archive-schema.js";
import { VIEW_SCHEMAS } from "../service/match-view-schema.js";
import { PAYLOAD_SCHEMAS } from "../service/payload-schemas.js";
import type { Transport } from "../service/schema-meta.js";
import * as z from "../zod.js";
import { RulesetSchema } from "./ruleset-catalog.js";
import { WEBHOOK_ANSWER_SCHEMAS } from "../webhooks/answers.js";

/**
 * Every named schema of what the API answers: OpenAPI's components (rest/openapi-schema.ts) and
 * the SDL's object types (schema/sdl-types.ts) are written from these, each by its id; one marked
 * for a transport appears only in that transport's document.
 */
export const ANSWER_SCHEMAS: readonly z.ZodMiniType[] = [...VIEW_SCHEMAS, ...PAYLOAD_SCHEMAS, RulesetSchema, ...WEBHOOK_ANSWER_SCHEMAS, MatchArchiveSchema];

/** The ids of the answer schemas one transport's document shows. */
export const answerIds = (transport: Transport): Set<string> =>
  new Set(
    ANSWER_SCHEMAS.flatMap((schema) => {
      const { id, transport: only } = (z.globalRegistry.get(schema) ?? {}) as { id?: string; transport?: Transport };
      return id && (only === undefined || only === transport) ? [id] : [];
    }),
  );
