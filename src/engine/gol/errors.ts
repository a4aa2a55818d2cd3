import { COMMON_REASONS, refuser } from "../common/reasons.js";

/** Every reason code this ruleset refuses with; clients may switch on them (docs/rules/gol.md). */
export const REASONS = [
  ...COMMON_REASONS,
  /** The piece was tripped: it sits out its side's turn. */
  "PIECE_FROZEN",
  /** The piece has made its action this turn (and no dribble or chase lets it act again). */
  "PIECE_USED",
  /** A defensive turn's first tempo belongs to the nearest piece to the ball (17.26). */
  "NOT_NEAREST",
  /** Beyond distance 4 (17.1). */
  "TOO_FAR",
  /** A piece already stands there (17.2). */
  "CELL_OCCUPIED",
  /** A piece may step onto the ball only to kick it (17.3, 17.6). */
  "BALL_CELL",
  /** The kicker is more than 4 from the ball. */
  "BALL_OUT_OF_REACH",
  /** No goal cell is within 4 of the ball. */
  "GOAL_OUT_OF_REACH",
  /** A defensive turn kicks only as the tackle of its first tempo (17.13). */
  "NOT_A_TACKLE",
  /** A counter-kick needs a number at least the highest attacking number touching the ball (17.5). */
  "COUNTER_KICK_TOO_WEAK",
  /** A dribble needs the kicker strictly nearer to the ball than every opponent (17.1). */
  "DRIBBLE_CONTESTED",
  /** Kicks, pushes and trips belong to the main part (17.12, 17.15-17.16, 17.30). */
  "MAIN_PART_ONLY",
  /** A two-tempo action must start at tempo 3 or earlier. */
  "NO_TEMPOS_LEFT",
  /** Pushes and trips act on a piece next to the actor. */
  "NOT_ADJACENT",
  /** Trips are fouls on opponents only. */
  "NOT_AN_OPPONENT",
  /** The cell behind the pushed piece is off the field or taken by a piece or the ball. */
  "PUSH_BLOCKED",
  /** Secondary tempos go by strictly descending numbers (17.30-17.31). */
  "SECONDARY_ORDER",
  /** A piece next to the ball may not move in the secondary part (17.32). */
  "NEXT_TO_BALL",
  /** A secondary move may not end next to the ball (ruling). */
  "ENDS_NEXT_TO_BALL",
  /** Moving this number now would leave too few lower numbers to make the secondary minimum. */
  "MINIMUM_DODGED",
  /** endTurn before the main part is made while a main action exists. */
  "MAIN_PART_UNFINISHED",
  /** endTurn before the secondary minimum while a secondary move exists. */
  "SECONDARY_MINIMUM",
] as const;
export type Reason = (typeof REASONS)[number];

/** Typed wrapper so a misspelt reason code is a compile error. */
export const refuse = refuser<Reason>();
