import fc from "fast-check";
import type { CommandClaim } from "./exchange.js";
import { edgyNumberText, hostileJsonText, nastyString, optionsText, seatsText } from "./hostile-values.js";
import type { Target } from "./http-exchange.js";
import { type KeyRef, keyRef, type MatchRef, matchRef, type MoveRef, moveRef, resolveKey, resolveMatch, resolveMove, resolveVersion, type VersionRef, versionRef } from "./world-refs.js";

/**
 * GraphQL documents for every root field, built from an abstract intent: arguments inline or as
 * variables (of the right type or not), random selections, aliases past the field limit,
 * fragments, directives, wrong operation types, and documents that are not GraphQL at all.
 * HTTP and WebSocket traffic share them.
 */

/** The correspondence commands that take a match id alone (and `resign` a value): one shape serves them all. */
const MATCH_COMMANDS = ["claimTimeout", "resign", "acceptResignation", "declineResignation", "offerDraw", "acceptDraw", "declineDraw", "abort"] as const;
const ROOT_FIELDS = ["createMatch", "rollDice", "submitMove", "match", "rulesets", "ruleset", "matchUpdated", "__typename", "__schema", "__type", "nope", "joinMatch", "createPlayer", "myMatches", ...MATCH_COMMANDS] as const;
type RootField = (typeof ROOT_FIELDS)[number];
const NATURAL_TYPE: Record<RootField, "query" | "mutation" | "subscription"> = {
  createMatch: "mutation",
  rollDice: "mutation",
  submitMove: "mutation",
  match: "query",
  rulesets: "query",
  ruleset: "query",
  matchUpdated: "subscription",
  __typename: "query",
  __schema: "query",
  __type: "query",
  nope: "query",
  joinMatch: "mutation",
  createPlayer: "mutation",
  myMatches: "query",
  ...(Object.fromEntries(MATCH_COMMANDS.map((c) => [c, "mutation"])) as Record<(typeof MATCH_COMMANDS)[number], "mutation">),
};

const MATCH_SCALARS = ["id", "ruleset", "status", "version", "seat", "seats", "side", "toMove", "toAct", "phase", "awaiting", "dice", "legalMoves", "state", "winner", "result", "diceCommitment", "diceSeed", "createdAt", "updatedAt"];

interface FieldIntent {
  readonly field: RootField;
  readonly match: MatchRef;
  readonly ruleset: string;
  readonly create: { readonly ruleset: string | null; readonly options: string | null; readonly seats: string | null; readonly whole: string | null; readonly extra: boolean };
  readonly move: MoveRef | null;
  readonly version: VersionRef;
  readonly key: KeyRef;
  readonly events: { readonly after: string | null; readonly limit: string | null } | null;
  /** Bits choosing the selected fields of Match. */
  readonly pick: number;
  readonly unknownField: boolean;
  readonly unknownArg: boolean;
  readonly wrongTypes: boolean;
  readonly introspectionDepth: number;
}

export interface DocumentIntent {
  readonly opType: "natural" | "query" | "mutation" | "subscription" | "shorthand";
  readonly fields: readonly FieldIntent[];
  readonly style: "variables" | "literals";
  readonly repeat: number;
  readonly fragment: boolean;
  readonly directive: boolean;
  readonly name: string | null;
  readonly garbage: string | null;
}

const fieldIntent = (fields: fc.Arbitrary<RootField>): fc.Arbitrary<FieldIntent> =>
  fc.record({
    field: fields,
    match: matchRef,
    ruleset: fc.oneof(fc.constantFrom("backgammon", "gol", "golnard-football", "golnard-estafeta", "chess"), nastyString),
    create: fc.record({
      ruleset: fc.option(fc.oneof({ weight: 5, arbitrary: fc.constantFrom("backgammon", "gol", "golnard-football", "golnard-estafeta") }, { weight: 1, arbitrary: nastyString }).map((s) => JSON.stringify(s)), { freq: 8 }),
      options: fc.option(optionsText, { freq: 1 }),
      seats: fc.option(seatsText, { freq: 1 }),
      whole: fc.option(hostileJsonText, { freq: 8 }),
      extra: fc.boolean(),
    }),
    move: fc.option(moveRef, { freq: 10 }),
    version: versionRef,
    key: keyRef,
    events: fc.option(fc.record({ after: fc.option(edgyNumberText), limit: fc.option(edgyNumberText) }), { freq: 3 }),
    pick: fc.nat(),
    unknownField: fc.oneof({ weight: 8, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    unknownArg: fc.oneof({ weight: 10, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    wrongTypes: fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    introspectionDepth: fc.constantFrom(2, 4, 12, 30),
  });

const GARBAGE_DOCUMENTS = ["", " ", "{", "}", "query", "{ match }", "subscription", "mutation { }", "{ __typename ", "query Q { __typename } query Q { __typename }", "fragment F on Match { id }", "{ ...F } fragment F on Query { ...F }", '{ match(id: "\\ud800") { id } }', "\u0000", "{ a: __typename b: __typename }", "{ __typename @skip(if: true) }", "#".repeat(5000), "{".repeat(10_000), "query($a: Int = 1, $a: Int) { __typename }"];

export const documentIntent = (fields: fc.Arbitrary<RootField>): fc.Arbitrary<DocumentIntent> =>
  fc.record({
    opType: fc.oneof({ weight: 10, arbitrary: fc.constant("natural" as const) }, { weight: 1, arbitrary: fc.constantFrom("query" as const, "mutation" as const, "subscription" as const, "shorthand" as const) }),
    fields: fc.oneof({ weight: 8, arbitrary: fc.array(fieldIntent(fields), { minLength: 1, maxLength: 1 }) }, { weight: 1, arbitrary: fc.array(fieldIntent(fields), { minLength: 2, maxLength: 3 }) }),
    style: fc.constantFrom("variables" as const, "literals" as const),
    repeat: fc.oneof({ weight: 30, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.constantFrom(2, 3, 25, 45, 250) }),
    fragment: fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    directive: fc.oneof({ weight: 8, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    name: fc.option(fc.constantFrom("Op", "Other", "_", "query"), { freq: 3 }),
    garbage: fc.oneof({ weight: 20, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...GARBAGE_DOCUMENTS) }, { weight: 1, arbitrary: fc.string({ maxLength: 60 }) }),
  });

/** Any root field, mostly the ones that do something. */
export const anyRootField: fc.Arbitrary<RootField> = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom<RootField>("createMatch", "rollDice", "submitMove", "submitMove", "match", "match", "ruleset") },
  { weight: 2, arbitrary: fc.constantFrom<RootField>("rulesets", "matchUpdated") },
  { weight: 2, arbitrary: fc.constantFrom<RootField>("joinMatch", "createPlayer", "myMatches", ...MATCH_COMMANDS) },
  { weight: 1, arbitrary: fc.constantFrom<RootField>("__typename", "__schema", "__type", "nope") },
);

/** A JSON text as a GraphQL literal (a text that is not JSON goes in as it is: a syntax error to refuse). */
export function literalOf(jsonText: string): string {
  let value: unknown;
  try {
    value = JSON.parse(jsonText);
  } catch {
    return jsonText;
  }
  const out = (v: unknown): string => {
    if (v === null || typeof v !== "object") return JSON.stringify(v) ?? "null";
    if (Array.isArray(v)) return `[${v.map(out).join(", ")}]`;
    // Keys that are not GraphQL names stay quoted: a syntax error, which is the point.
    return `{${Object.entries(v).map(([k, x]) => `${/^[_A-Za-z][_0-9A-Za-z]*$/.test(k) ? k : JSON.stringify(k)}: ${out(x)}`).join(", ")}}`;
  };
  try {
    return out(value);
  } catch {
    // Too deep to convert: as it is, a deep list is a valid GraphQL literal anyway.
    return jsonText;
  }
}

export interface BuiltDocument {
  readonly query: string;
  /** The variables object as JSON text, or null for none. */
  readonly variables: string | null;
  readonly operationName: string | null;
  /** Each root field instance with its response key, and the command it carries. */
  readonly roots: readonly { readonly field: string; readonly key: string; readonly claim: Omit<CommandClaim, "accepted" | "code" | "responseVersion" | "token"> | null }[];
  readonly garbage: boolean;
  /** Match ids the document aims at, with the version it subscribes after (subscriptions). */
  readonly subscriptions: readonly { readonly key: string; readonly matchId: string; readonly after: number | null }[];
}

const matchSelection = (f: FieldIntent, withEvents: boolean): string => {
  const chosen = MATCH_SCALARS.filter((_, i) => (f.pick >> i) & 1 || i < 2);
  if (f.pick % 7 === 0) chosen.push("sides { side seats }");
  if (f.unknownField) chosen.push("secretSeed");
  if (withEvents && f.events) {
    const args = [f.events.after !== null ? `after: ${f.events.after}` : "", f.events.limit !== null ? `limit: ${f.events.limit}` : ""].filter(Boolean).join(", ");
    chosen.push(`events${args ? `(${args})` : ""} { version type at data }`);
  }
  return `{ ${chosen.join(" ")} }`;
};

/** Introspection nested `depth` levels through `ofType`, past the depth limit when deep enough. */
const ofTypes = (depth: number): string => (depth <= 0 ? "name" : `name ofType { ${ofTypes(depth - 1)} }`);

export function buildDocument(intent: DocumentIntent, target: Target): BuiltDocument {
  if (intent.garbage !== null) return { query: intent.garbage, variables: null, operationName: null, roots: [], garbage: true, subscriptions: [] };
  const { world } = target;
  const declarations: string[] = [];
  const values: string[] = [];
  let counter = 0;
  /** An argument value: inline, or a variable declared with `type` (or a wrong type). */
  const arg = (jsonText: string, type: string, wrong: boolean): string => {
    if (intent.style === "literals") return literalOf(jsonText);
    const name = `v${counter++}`;
    declarations.push(`$${name}: ${wrong ? (type.startsWith("Int") ? "String" : "Int") : type}`);
    values.push(`${JSON.stringify(name)}: ${jsonText}`);
    return `$${name}`;
  };
  const roots: BuiltDocument["roots"][number][] = [];
  const subscriptions: BuiltDocument["subscriptions"][number][] = [];
  const parts: string[] = [];
  intent.fields.forEach((f, index) => {
    for (let r = 0; r < intent.repeat; r++) {
      const key = intent.repeat > 1 || intent.fields.length > 1 ? `a${index}_${r}` : f.field;
      const alias = key === f.field ? "" : `${key}: `;
      const { match, id } = resolveMatch(f.match, world);
      const extraArg = f.unknownArg ? ", unknownArg: 1" : "";
      const idArg = () => arg(f.wrongTypes ? hostileNonString(f.pick) : JSON.stringify(id), "ID!", false);
      switch (f.field) {
        case "createMatch": {
          const input =
            f.create.whole !== null
              ? arg(f.create.whole, "CreateMatchInput!", f.wrongTypes)
              : `{${[f.create.ruleset !== null ? `ruleset: ${arg(f.create.ruleset, "String!", f.wrongTypes)}` : "", f.create.options !== null ? `options: ${arg(f.create.options, "JSON", false)}` : "", f.create.seats !== null ? `seats: ${arg(f.create.seats, "Int", f.wrongTypes)}` : "", f.create.extra ? "extra: true" : ""].filter(Boolean).join(", ")}}`;
          parts.push(`${alias}createMatch(input: ${input}${extraArg}) { match ${matchSelection(f, false)} seats { seat token } }`);
          roots.push({ field: f.field, key, claim: { kind: "create", purpose: "hostile" } });
          break;
        }
        case "rollDice":
          parts.push(`${alias}rollDice(matchId: ${idArg()}${extraArg}) ${matchSelection(f, false)}`);
          roots.push({ field: f.field, key, claim: { kind: "roll", matchId: id, purpose: "hostile" } });
          break;
        case "submitMove": {
          const moveJson = f.move ? resolveMove(f.move, world, match) : undefined;
          const version = resolveVersion(f.version, world, match);
          const resolvedKey = resolveKey(f.key, match, () => target.freshKey());
          const args = [`matchId: ${idArg()}`, moveJson !== undefined ? `move: ${arg(moveJson, "JSON!", false)}` : "", version !== undefined ? `expectedVersion: ${arg(version, "Int", f.wrongTypes)}` : "", resolvedKey.key !== undefined ? `idempotencyKey: ${arg(JSON.stringify(resolvedKey.key), "String", f.wrongTypes)}` : ""];
          parts.push(`${alias}submitMove(${args.filter(Boolean).join(", ")}${extraArg}) ${matchSelection(f, false)}`);
          const expectedVersion = version !== undefined && /^\d{1,10}$/.test(version) && Number(version) <= 2 ** 31 - 1 ? Number(version) : undefined;
          if (resolvedKey.key !== undefined && moveJson !== undefined && match) world.noteKeyedMove(match.id, resolvedKey.key, moveJson);
          roots.push({ field: f.field, key, claim: { kind: "move", matchId: id, expectedVersion, key: resolvedKey.key, moveJson, purpose: "hostile" } });
          break;
        }
        case "match":
          parts.push(`${alias}match(id: ${idArg()}${extraArg}) ${matchSelection(f, true)}`);
          roots.push({ field: f.field, key, claim: null });
          break;
        case "rulesets":
          parts.push(`${alias}rulesets${f.unknownField ? " { id }" : ""}`);
          roots.push({ field: f.field, key, claim: null });
          break;
        case "ruleset":
          parts.push(`${alias}ruleset(id: ${arg(JSON.stringify(f.ruleset), "String!", f.wrongTypes)}${extraArg}) { id dice awaiting notes reasons${f.pick % 3 === 0 ? " optionsSchema moveSchema" : ""}${f.unknownField ? " legalMoves" : ""} }`);
          roots.push({ field: f.field, key, claim: null });
          break;
        case "matchUpdated": {
          const after = resolveVersion(f.version, world, match);
          const afterArg = after !== undefined ? `, afterVersion: ${arg(after, "Int", f.wrongTypes)}` : "";
          parts.push(`${alias}matchUpdated(matchId: ${idArg()}${afterArg}${extraArg}) { version${f.pick % 2 === 0 ? " event { version type at data }" : ""} match ${matchSelection(f, false)} }`);
          roots.push({ field: f.field, key, claim: null });
          subscriptions.push({ key, matchId: id, after: after === undefined ? 0 : /^\d{1,9}$/.test(after) ? Number(after) : null });
          break;
        }
        case "__typename":
          parts.push(`${alias}__typename`);
          roots.push({ field: f.field, key, claim: null });
          break;
        case "__schema":
          parts.push(`${alias}__schema { types { name fields { name type { ${ofTypes(f.introspectionDepth)} } } } }`);
          roots.push({ field: f.field, key, claim: null });
          break;
        case "__type":
          parts.push(`${alias}__type(name: ${arg(JSON.stringify(f.pick % 2 ? "Match" : f.ruleset), "String!", f.wrongTypes)}) { name kind fields { name } }`);
          roots.push({ field: f.field, key, claim: null });
          break;
        case "nope":
          parts.push(`${alias}nope`);
          roots.push({ field: f.field, key, claim: null });
          break;
        case "joinMatch":
          parts.push(`${alias}joinMatch(matchId: ${idArg()}, invitation: ${arg(JSON.stringify(f.ruleset), "String", f.wrongTypes)}${f.pick % 2 ? `, seat: ${arg(String(f.pick % 5), "Int", f.wrongTypes)}` : ""}${extraArg}) { __typename }`);
          roots.push({ field: f.field, key, claim: { kind: "other", matchId: id, purpose: "hostile" } });
          break;
        case "createPlayer":
          // Its token is not selected: the fuzzer would not know it as a secret.
          parts.push(`${alias}createPlayer(name: ${arg(JSON.stringify(f.ruleset), "String!", f.wrongTypes)}${extraArg}) { player { id name } }`);
          roots.push({ field: f.field, key, claim: null });
          break;
        case "myMatches":
          parts.push(`${alias}myMatches${f.pick % 2 ? `(limit: ${arg(f.events?.limit ?? "10", "Int", f.wrongTypes)})` : ""} { __typename }`);
          roots.push({ field: f.field, key, claim: null });
          break;
        default: {
          const value = f.field === "resign" && f.pick % 3 === 0 ? `, value: ${arg(JSON.stringify(["gammon", "single", "backgammon", f.ruleset][f.pick % 4]), "String", f.wrongTypes)}` : "";
          parts.push(`${alias}${f.field}(matchId: ${idArg()}${value}${extraArg}) ${matchSelection(f, false)}`);
          roots.push({ field: f.field, key, claim: { kind: "other", matchId: id, purpose: "hostile" } });
        }
      }
    }
  });
  const natural = NATURAL_TYPE[intent.fields[0]!.field];
  const opType = intent.opType === "natural" ? natural : intent.opType;
  const directive = intent.directive ? " @include(if: true)" : "";
  const selection = intent.fragment ? `{ ...F${directive} }` : `{ ${parts.join(" ")}${directive ? ` __typename${directive}` : ""} }`;
  const fragment = intent.fragment ? ` fragment F on ${{ query: "Query", mutation: "Mutation", subscription: "Subscription", shorthand: "Query" }[opType]} { ${parts.join(" ")} }` : "";
  const head = opType === "shorthand" ? "" : `${opType}${intent.name ? ` ${intent.name}` : ""}${declarations.length > 0 ? `(${declarations.join(", ")})` : ""} `;
  return {
    query: `${head}${selection}${fragment}`,
    variables: values.length > 0 ? `{${values.join(", ")}}` : null,
    operationName: intent.name,
    roots,
    garbage: false,
    subscriptions,
  };
}

/** A value of the wrong type for an ID or String argument. */
const hostileNonString = (pick: number): string => ["1", "null", "true", "[]", "{}", '{"id":"x"}', "1.5", "[\"a\"]"][pick % 8]!;
