import { type FragmentDefinitionNode, Kind, type OperationDefinitionNode, parse } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectedViewFields } from "../../src/api/graphql/selected-view-fields.js";
import { createViaRest, getMatch, rollUntilMovable } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/** A Match field builds only the fields its selection reads: every way of selecting one still gets it. */
let t: TestServer;
beforeAll(async () => void (t = await startTestServer()));
afterAll(() => t?.close());

/** What the first field of `query`'s operation selects, as its resolver sees it. */
function selected(query: string) {
  const document = parse(query);
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = Object.fromEntries(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]));
  const field = operation.selectionSet.selections[0]!;
  if (field.kind !== Kind.FIELD) throw new Error("a field first");
  return selectedViewFields({ fieldNodes: [field], fragments });
}

describe("the fields a Match selection reads", () => {
  it("follows named and inline fragments, nested ones and a fragment spread twice, and reads aliases by field name (and the ruleset with legalMoves, for its piece filter)", () => {
    const query = `query { match(id: "m") { v: version ...A ... on Match { phase ...B } ...A } }
      fragment A on Match { toAct ...B }
      fragment B on Match { legalMoves state }`;
    expect(selected(query)).toEqual(["id", "ruleset", "version", "toAct", "phase", "legalMoves", "state"]);
  });

  it("counts a field under @skip or @include, and always reads id, which `events` needs", () => {
    expect(selected(`query { match(id: "m") { dice @skip(if: true) events { version } } }`)).toEqual(["id", "dice"]);
    expect(selected(`query { match(id: "m") { __typename } }`)).toEqual(["id"]);
  });

  it("answers every selection with the values of the whole view, on queries and on commands", async () => {
    const created = await createViaRest(t);
    const view = await rollUntilMovable(t, created);
    const token = created.tokens[view.seat!];
    const whole = await getMatch(t, view.id, token);
    const read = await t.gql(
      `query($id: ID!) { match(id: $id) { v: version ...Turn ... on Match { state } events(limit: 1) { version } } }
       fragment Turn on Match { toAct legalMoves phase dice }`,
      { id: view.id },
      { token },
    );
    expect(read.errors).toBeUndefined();
    expect(read.data.match).toEqual({ v: whole.version, toAct: whole.toAct, legalMoves: whole.legalMoves, phase: whole.phase, dice: whole.dice, state: whole.state, events: [{ version: 1 }] });

    const moved = await t.gql(`mutation($id: ID!, $move: JSON!) { submitMove(matchId: $id, move: $move) { ...Next } } fragment Next on Match { version toAct seat side }`, { id: view.id, move: whole.legalMoves[0] }, { token });
    expect(moved.errors).toBeUndefined();
    const after = await getMatch(t, view.id, token);
    expect(moved.data.submitMove).toEqual({ version: after.version, toAct: after.toAct, seat: after.seat, side: after.side });
    expect(after.version).toBeGreaterThan(whole.version);
  });
});
