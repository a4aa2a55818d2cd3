import type { DocumentNode, GraphQLSchema } from "graphql";
import { type CompiledQuery, compileQuery, isCompiledQuery } from "graphql-jit";
import { perDocument } from "./per-document.js";

/**
 * A document is compiled the tenth time it is run: a client that plays sends the same few
 * documents again and again, and one sent a few times (or a stream of distinct ones) never pays
 * the compilation. That costs two or three runs of a small document (200-400 µs) and 15-30 ms
 * for the largest one the parse cache keeps (4,000 characters, 58 aliased matches): spread over
 * ten runs, no document costs much more than its runs would.
 */
const COMPILE_AT_USE = 10;

/** A document's uses until it is compiled, then its compiled form (null: graphql-jit cannot compile it). */
type Entry = { readonly operationName: string | undefined; uses: number; compiled?: CompiledQuery | null };

/**
 * graphql-jit's compiled form of a validated document's operation, from its tenth use on;
 * undefined until then, and for a document graphql-jit cannot compile. graphql-jit turns a
 * document into one function that calls the resolvers and completes their answers, where
 * graphql-js walks the document again on every execution with a promise per field (a command
 * over a WebSocket cost the local server 14% less CPU, graphql-js and graphql-jit side by side
 * on Node 24). Kept per document object: a compiled form goes when the parse cache lets its
 * document go.
 */
export function compiledOperationCache(): (schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined) => CompiledQuery | undefined {
  const entryOf = perDocument((_schema, _document, operationName: string | undefined): Entry => ({ operationName, uses: 0 }));
  return (schema, document, operationName) => {
    const entry = entryOf(schema, document, operationName);
    // One document run under another operation name than the first time: left to graphql-js.
    if (entry.operationName !== operationName) return undefined;
    if (entry.compiled === undefined && ++entry.uses >= COMPILE_AT_USE) {
      const compiled = compileQuery(schema, document, operationName);
      entry.compiled = isCompiledQuery(compiled) ? compiled : null;
    }
    return entry.compiled ?? undefined;
  };
}
