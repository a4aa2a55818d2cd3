/**
 * The steps of a play packed into one int, 8 bits a step, first step lowest: bits 0-4 the source
 * index (0..23 points, 24 bar), bits 5-7 the die. Four steps fit, and a found play costs no
 * allocation until its steps are asked for.
 */
export const packStep = (from: number, die: number, k: number): number => (from | (die << 5)) << (8 * k);
export const stepFrom = (code: number, k: number): number => (code >>> (8 * k)) & 31;
export const stepDie = (code: number, k: number): number => (code >>> (8 * k + 5)) & 7;
