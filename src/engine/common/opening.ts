/**
 * The opening roll every dice ruleset starts with: one die per side still in the tie; the
 * highest starts, a tie at the top rolls again among the tied only. Its dice are not played
 * (backgammon plays them: that is its own rule on top of this one).
 * Returns the sides still tied (indexes into `tied`'s values), or the starter once there is one.
 */
export function resolveOpening(tied: readonly number[], dice: readonly number[]): { readonly tied: number[]; readonly starter: number | null } {
  const top = Math.max(...dice);
  const still = tied.filter((_, i) => dice[i] === top);
  return still.length === 1 ? { tied: still, starter: still[0]! } : { tied: still, starter: null };
}
