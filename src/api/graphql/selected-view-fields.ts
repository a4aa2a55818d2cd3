import { type FieldNode, type GraphQLResolveInfo, Kind, type SelectionSetNode } from "graphql";
import { MATCH_VIEW_FIELDS, type MatchViewField } from "../../service/match-view.js";

/**
 * What the selection of a field node reads. Parsed documents are kept, and their nodes with them;
 * a node belongs to one document, whose fragments are the ones its selection follows.
 */
const memo = new WeakMap<FieldNode, readonly MatchViewField[]>();

/**
 * The fields of a match that a `Match` field's selection reads, so that its resolver builds only
 * those (match-view.ts). Fragments are followed; a field under `@skip` or `@include` counts as
 * selected (a field built for nothing, never one missing); `id` is always built, as `events`
 * reads it, and `ruleset` with `legalMoves`, which `legalMoves(piece:)` reads.
 */
export function selectedViewFields(info: Pick<GraphQLResolveInfo, "fieldNodes" | "fragments">): readonly MatchViewField[] {
  const only = info.fieldNodes.length === 1 ? info.fieldNodes[0] : undefined;
  const known = only && memo.get(only);
  if (known) return known;
  const names = new Set<string>(["id"]);
  const followed = new Set<string>();
  const visit = (selectionSet: SelectionSetNode | undefined): void => {
    for (const selection of selectionSet?.selections ?? []) {
      if (selection.kind === Kind.FIELD) names.add(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet);
      else if (!followed.has(selection.name.value)) {
        followed.add(selection.name.value);
        visit(info.fragments[selection.name.value]?.selectionSet);
      }
    }
  };
  for (const node of info.fieldNodes) visit(node.selectionSet);
  if (names.has("legalMoves")) names.add("ruleset");
  const fields = MATCH_VIEW_FIELDS.filter((field) => names.has(field));
  if (only) memo.set(only, fields);
  return fields;
}
