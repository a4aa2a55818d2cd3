/**
 * The Wilson score interval of a proportion (95% by default): unlike the normal approximation it
 * stays inside 0..1 and is honest for small samples and for rates near 0 or 1, as win rates of a
 * strong bot against a weak one are.
 */
export function wilson(successes: number, n: number, z = 1.96): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
