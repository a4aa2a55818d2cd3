/**
 * The two sides of the football games (golnard-football and gol), named alike in every view,
 * note and outcome. golnard-football's state keeps a side as its index here (`SideIndex`, 0 home,
 * 1 away), gol's as its name; `HOME_AWAY[index]` names an index.
 */
export const HOME_AWAY = ["home", "away"] as const;
export type HomeAway = (typeof HOME_AWAY)[number];
export type SideIndex = 0 | 1;

export const other = (side: HomeAway): HomeAway => (side === "home" ? "away" : "home");
export const otherIndex = (side: SideIndex): SideIndex => (side === 0 ? 1 : 0);

/** One seat a side (gol): home is seat 0, away seat 1, so `HOME_AWAY` also lists the sides in seat order. */
export const seatOf = (side: HomeAway): number => (side === "home" ? 0 : 1);
/** The side seat `seat` plays where each side has one seat; null for any other number. */
export const sideOf = (seat: number): HomeAway | null => (seat === 0 ? "home" : seat === 1 ? "away" : null);
