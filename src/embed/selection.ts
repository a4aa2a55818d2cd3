import type { Drawing, Json } from "../boards/drawing.js";

/**
 * Building a move by clicking: the clicks so far must be a prefix of one of the click sequences
 * of some legal move (`drawing.clicks`). What is left tells the board what to mark next and when
 * a move is whole. Pure, so the rules are easy to follow and to test.
 */
export interface Narrowed {
  /** Legal moves some sequence of which starts with the clicks so far. */
  readonly candidates: readonly Json[];
  /** Moves a sequence of which is exactly the clicks so far. */
  readonly complete: readonly Json[];
  /** The keys that may be clicked next. */
  readonly selectable: readonly string[];
}

const startsWith = (sequence: readonly string[], prefix: readonly string[]): boolean => prefix.length <= sequence.length && prefix.every((k, i) => sequence[i] === k);

export class ClickIndex {
  private readonly sequences: (readonly (readonly string[])[])[];

  constructor(
    readonly moves: readonly Json[],
    drawing: Drawing,
    state: Json,
  ) {
    this.sequences = moves.map((move) => {
      try {
        return drawing.clicks(move, state);
      } catch {
        return [];
      }
    });
  }

  narrow(selected: readonly string[]): Narrowed {
    const candidates: Json[] = [];
    const complete: Json[] = [];
    const next = new Set<string>();
    this.moves.forEach((move, i) => {
      const matching = this.sequences[i]!.filter((s) => startsWith(s, selected));
      if (matching.length === 0 || (selected.length === 0 && this.sequences[i]!.length === 0)) {
        // A move without a board gesture is a candidate only while nothing is clicked.
        if (selected.length === 0) candidates.push(move);
        return;
      }
      candidates.push(move);
      if (selected.length > 0 && matching.some((s) => s.length === selected.length)) complete.push(move);
      for (const s of matching) if (s.length > selected.length) next.add(s[selected.length]!);
    });
    return { candidates, complete, selectable: [...next] };
  }
}
