/** A player as a match shows it: its id and its name. Its token is never part of a match. */
export interface PlayerRef {
  readonly id: string;
  readonly name: string;
}
