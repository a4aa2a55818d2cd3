import type { DocumentNode, GraphQLSchema } from "graphql";

/**
 * `make` once per schema and document, its answer kept for as long as the document lives: a
 * document parsed from a text seen before is the same object (executable-schema.ts), so what
 * depends on nothing else is worked out once. `rest` is what `make` is given the first time only.
 */
export function perDocument<T extends {}, A extends readonly unknown[] = []>(make: (schema: GraphQLSchema, document: DocumentNode, ...rest: A) => T): (schema: GraphQLSchema, document: DocumentNode, ...rest: A) => T {
  const bySchema = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, T>>();
  return (schema, document, ...rest) => {
    let byDocument = bySchema.get(schema);
    if (!byDocument) bySchema.set(schema, (byDocument = new WeakMap()));
    let made = byDocument.get(document);
    if (made === undefined) byDocument.set(document, (made = make(schema, document, ...rest)));
    return made;
  };
}
