import { type DocumentNode, Kind, type OperationDefinitionNode, type SelectionSetNode } from "graphql";
import { OPERATIONS, operationOfField } from "../operations.js";
import type { RateLimitKind } from "../rate-limit.js";

/** How many root fields of each budget the operation selects, fragments expanded. */
export function mutationCosts(operation: OperationDefinitionNode, document: DocumentNode): Map<RateLimitKind, number> {
  const fragments = new Map(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d.selectionSet] as const] : [])));
  const found = new Map<RateLimitKind, number>();
  // Validation has refused fragment cycles and the complexity rule bounds the size.
  const visit = (set: SelectionSetNode): void => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = operationOfField(`Mutation.${selection.name.value}`);
        const kind = name && OPERATIONS[name].rateLimit;
        if (kind) found.set(kind, (found.get(kind) ?? 0) + 1);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet);
      else {
        const fragment = fragments.get(selection.name.value);
        if (fragment) visit(fragment);
      }
    }
  };
  visit(operation.selectionSet);
  return found;
}
