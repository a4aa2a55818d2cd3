import * as z from "../../zod.js";
import { cellAt, halfOf, HEIGHT, isCentreCircle, isKeeperZone, WIDTH, zoneOf, type Cell } from "./board.js";
import { HOME_AWAY, type SideIndex } from "../common/home-away.js";

/** How the match ends: halves of a fixed number of turns, or the first side to a number of goals. */
export const MODES = ["halves", "goals"] as const;
export type Mode = (typeof MODES)[number];

/** Seats per side the game knows (1 player = 11 tokens, 2 = five field tokens each, 5 = two each). */
export const SEATS_PER_SIDE = [1, 2, 5] as const;
export const DEFAULT_SEATS = 2;

export const DEFAULT_HALF_TURNS = 20;
export const DEFAULT_GOALS = 3;
export const DEFAULT_MAX_TURNS = 200;

export const pointSchema = z.strictObject({ x: z.intBetween(0, WIDTH - 1), y: z.intBetween(0, HEIGHT - 1) });
export type PointInput = z.output<typeof pointSchema>;

/** A formation: the cells of tokens 1 (the keeper) to 11, in that order. */
const formationSchema = z.array(pointSchema).check(z.length(11));

/**
 * The default 4-4-2 of the home side (keeper first, then tokens 2-11); away stands on its point
 * mirror (19 - x, 9 - y), so both sides face each other the same way.
 */
export const DEFAULT_FORMATION_HOME: readonly PointInput[] = [
  { x: 1, y: 4 },
  { x: 5, y: 1 },
  { x: 5, y: 3 },
  { x: 5, y: 6 },
  { x: 5, y: 8 },
  { x: 7, y: 1 },
  { x: 7, y: 3 },
  { x: 7, y: 6 },
  { x: 7, y: 8 },
  { x: 9, y: 2 },
  { x: 9, y: 7 },
];
export const mirror = (p: PointInput): PointInput => ({ x: WIDTH - 1 - p.x, y: HEIGHT - 1 - p.y });
export const DEFAULT_FORMATIONS: readonly [readonly PointInput[], readonly PointInput[]] = [DEFAULT_FORMATION_HOME, DEFAULT_FORMATION_HOME.map(mirror)];

/** What is wrong with a side's formation (empty = fine): the set-up rule of the game. */
export function formationProblems(side: SideIndex, formation: readonly PointInput[]): string[] {
  const problems: string[] = [];
  const cells = formation.map(cellAt);
  if (new Set(cells).size !== cells.length) problems.push("two tokens on one cell");
  cells.forEach((c, i) => {
    const own = halfOf(c) === side;
    if (i === 0) {
      if (!own || !isKeeperZone(c)) problems.push("the keeper (token 1) must stand in its own goalkeeper zone");
    } else if (!own || zoneOf(c) !== "free" || isCentreCircle(c)) {
      problems.push(`token ${i + 1} must stand in its own free zone, outside the centre circle`);
    }
  });
  return problems;
}

const keeperSeat = z.intBetween(0, 4);
const keeperSeatSchema = z.union([keeperSeat, z.strictObject({ home: z._default(keeperSeat, 0), away: z._default(keeperSeat, 0) })]);

/**
 * createMatch options. Every set piece is on unless switched off. `mode` picks the end:
 * `halves` (two halves of `halfTurns` ordinary turns per side, then `extraTime` and/or a
 * `shootout` when level, or a `draw`) or `goals` (first to `goals`, at most `maxTurns` ordinary
 * turns per side, then the side ahead wins, else a shoot-out or a draw). Mode-specific options are
 * refused in the other mode (setup.ts), so an option never silently does nothing.
 */
export const optionsSchema = z
  .strictObject({
    mode: z._default(z.enum(MODES), "halves"),
    halfTurns: z.optional(z.intBetween(1, 1000)),
    extraTime: z.optional(z.boolean()),
    goals: z.optional(z.intBetween(1, 99)),
    maxTurns: z.optional(z.intBetween(1, 10_000)),
    draw: z.optional(z.boolean()),
    shootout: z._default(z.boolean(), false),
    offside: z._default(z.boolean(), true),
    throwIns: z._default(z.boolean(), true),
    corners: z._default(z.boolean(), true),
    penalties: z._default(z.boolean(), true),
    /** The seat of each side (0 = its first) that also plays the keeper; a number sets both sides. */
    keeperSeat: z._default(keeperSeatSchema, 0),
    /** Each side's formation (keeper first); a side left out uses the default 4-4-2. */
    formations: z.optional(z.strictObject({ home: z.optional(formationSchema), away: z.optional(formationSchema) })),
  })
  .check(
    z.superRefine((o, ctx) => {
      HOME_AWAY.forEach((name, side) => {
        const f = o.formations?.[name];
        if (!f) return;
        for (const message of formationProblems(side as SideIndex, f)) ctx.addIssue({ code: "custom", message, path: ["formations", name] });
      });
    }),
  );
export type FootballOptions = z.output<typeof optionsSchema>;

/** The options resolved against the mode and the seat count: what the state keeps. */
export interface Rules {
  readonly mode: Mode;
  /** halves: ordinary turns per side per half; goals: the `maxTurns` cap. */
  readonly periodTurns: number;
  /** Turns per side in each half of extra time: max(1, halfTurns div 3). */
  readonly extraTurns: number;
  readonly extraTime: boolean;
  /** The goal target (goals mode); null in halves mode. */
  readonly goals: number | null;
  readonly draw: boolean;
  readonly shootout: boolean;
  readonly offside: boolean;
  readonly throwIns: boolean;
  readonly corners: boolean;
  readonly penalties: boolean;
}

export const formationCells = (f: readonly PointInput[]): Cell[] => f.map(cellAt);
