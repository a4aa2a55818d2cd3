/**
 * Characters no text a client supplies for others to read may hold: control characters, and the
 * bidirectional marks, embeddings, overrides and isolates (U+202E makes "Ann\u202Eevil" render
 * as something else to an opponent). Letters, digits, emoji (their joiners too) and spaces pass.
 */
const UNSAFE = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** Whether `text` may be shown to other players as it is. */
export const isDisplaySafe = (text: string): boolean => !UNSAFE.test(text);
