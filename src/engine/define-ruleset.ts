import { seatSides } from "./common/sides.js";
import { ok, type Result, type RuleError } from "./result.js";
import type { Advanced, DiceRuleset, DicelessRuleset, Json, Note, Ruleset, Side, Turn } from "./ruleset.js";

/** The parts of the contract `defineRuleset` writes from what the ruleset declares instead. */
type Written = "sides" | "pass" | "applyDice" | "view";

/** What every ruleset declares in place of the parts `defineRuleset` writes. */
interface Declared<State> {
  /** The sides and their seats, or only the sides' names where each is one seat, in seat order. */
  readonly sides: readonly string[] | ((state: State) => readonly Side[]);
  /** The pass `mustPass` asked for: the next state, and its notes pushed on `notes` (most passes have none). */
  pass(state: State, notes: Note[]): Result<State, RuleError>;
  /** The view of `seat`, given the turn it shows. */
  view(state: State, seat: number | null, turn: Turn): Json;
}

export type DicelessDefinition<Options, State, Move> = Omit<DicelessRuleset<Options, State, Move>, Written> & Declared<State>;
export type DiceDefinition<Options, State, Move> = Omit<DiceRuleset<Options, State, Move>, Written> &
  Declared<State> & {
    /** The dice applied: the next state, and its notes pushed on `notes` (a roll may start a kickoff). */
    applyDice(state: State, dice: readonly number[], notes: Note[]): Result<State, RuleError>;
  };

/** Runs a transition that pushes its notes, and returns them with its state as the contract does. */
function noting<State>(transition: (notes: Note[]) => Result<State, RuleError>): Result<Advanced<State>, RuleError> {
  const notes: Note[] = [];
  const next = transition(notes);
  return next.ok ? ok({ state: next.value, notes }) : next;
}

/**
 * A ruleset from what is its own. The parts every ruleset would otherwise write out alike are
 * written here once: `view` is handed the ruleset's own `turn(state)`, `pass` and `applyDice`
 * return their notes with the state (none unless the ruleset pushed some), and side names stand
 * for one side per seat. Everything else is the ruleset's, as declared.
 */
export function defineRuleset<Options, State, Move>(definition: DiceDefinition<Options, State, Move>): DiceRuleset<Options, State, Move>;
export function defineRuleset<Options, State, Move>(definition: DicelessDefinition<Options, State, Move>): DicelessRuleset<Options, State, Move>;
export function defineRuleset<Options, State, Move>(
  definition: DiceDefinition<Options, State, Move> | DicelessDefinition<Options, State, Move>,
): Ruleset<Options, State, Move> {
  const { sides, pass, view } = definition;
  const fixed = typeof sides === "function" ? null : seatSides(sides);
  const written = {
    sides: typeof sides === "function" ? sides : () => fixed!,
    pass: (state: State) => noting((notes) => pass(state, notes)),
    view: (state: State, seat: number | null) => view(state, seat, definition.turn(state)),
  };
  if (definition.dice === "none") return { ...definition, ...written };
  const { applyDice } = definition;
  return { ...definition, ...written, applyDice: (state, dice) => noting((notes) => applyDice(state, dice, notes)) };
}
