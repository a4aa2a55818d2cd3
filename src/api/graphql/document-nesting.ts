import { GraphQLError } from "graphql";
import { LIMITS } from "../limits.js";

/**
 * Whether a GraphQL document nests (selection sets, lists, objects, arguments) deeper than
 * `limit`, found by one scan of its text that skips strings and comments. graphql-js parses
 * recursively, so a document built to nest thousands deep must be refused before the parser
 * sees it: a token budget alone does not stop it soon enough.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      if (text.startsWith('"""', i)) {
        const end = text.indexOf('"""', i + 3);
        if (end < 0) return false;
        i = end + 2;
      } else {
        for (i++; i < text.length && text[i] !== '"' && text[i] !== "\n"; i++) if (text[i] === "\\") i++;
      }
    } else if (c === 0x23 /* # */) {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (c === 0x7b || c === 0x5b || c === 0x28 /* { [ ( */) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d || c === 0x29 /* } ] ) */) depth--;
  }
  return false;
}

/** The refusal of such a document, the same over HTTP and WebSockets. */
export const tooDeepError = (): GraphQLError =>
  new GraphQLError(`the document nests deeper than ${LIMITS.maxDocumentNesting} levels`, { extensions: { code: "BAD_USER_INPUT", limit: LIMITS.maxDocumentNesting } });
