/**
 * What a seat has offered and awaits an answer to: a draw, or (backgammon) to resign the game in
 * progress for a value. One offer stands at a time; a seat of another side accepts or declines it,
 * and it lapses when a seat of another side rolls or moves instead of answering.
 */
export type Offer = { readonly kind: "draw"; readonly seat: number } | { readonly kind: "resignation"; readonly seat: number; readonly value: string };

export const OFFER_KINDS = ["draw", "resignation"] as const satisfies readonly Offer["kind"][];
