/**
 * Benchmarks always run a subject next to a baseline in the same process and the same run, and
 * report the ratio: absolute figures drift with the machine, ratios much less.
 */
export interface Measurement {
  readonly name: string;
  readonly unit: string;
  /** The figure itself (throughput or a percentile), higher or lower is better per `better`. */
  readonly value: number;
  readonly better: "higher" | "lower";
  /** The same figure for the baseline named in `baseline`, measured in the same run. */
  readonly baselineValue?: number | undefined;
  readonly baseline?: string | undefined;
  readonly note?: string | undefined;
}

export interface Suite {
  readonly name: string;
  run(): Promise<Measurement[]>;
}

export function percentile(sortedAscending: readonly number[], p: number): number {
  if (sortedAscending.length === 0) return Number.NaN;
  const index = Math.min(sortedAscending.length - 1, Math.max(0, Math.ceil((p / 100) * sortedAscending.length) - 1));
  return sortedAscending[index]!;
}

/** Runs `fn` repeatedly for about `ms` milliseconds (after a warm-up) and returns calls per second. */
export function throughput(fn: () => void, ms = 1000): number {
  const warmUntil = performance.now() + ms / 5;
  while (performance.now() < warmUntil) fn();
  let calls = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 16; i++) fn();
    calls += 16;
    now = performance.now();
  }
  return (calls * 1000) / (now - start);
}

/**
 * Calls per second of each function, measured in alternating slices of `sliceMs` for about `ms`
 * each (after a warm-up of each), so that a machine whose load changes during the run slows every
 * subject alike and the ratios between them hold.
 */
export function interleavedThroughput(fns: readonly (() => void)[], ms = 1000, sliceMs = 50): number[] {
  for (const fn of fns) {
    const warmUntil = performance.now() + ms / 5;
    while (performance.now() < warmUntil) fn();
  }
  const calls = fns.map(() => 0);
  const spent = fns.map(() => 0);
  for (let round = 0; round * sliceMs < ms; round++) {
    fns.forEach((fn, i) => {
      const start = performance.now();
      let now = start;
      while (now - start < sliceMs) {
        for (let k = 0; k < 16; k++) fn();
        calls[i]! += 16;
        now = performance.now();
      }
      spent[i]! += now - start;
    });
  }
  return calls.map((n, i) => (n * 1000) / spent[i]!);
}

const fmt = (n: number): string => (n >= 100 ? n.toFixed(0) : n >= 1 ? n.toFixed(2) : n.toPrecision(3));

// A count the baseline never makes (a call the cache added, say) has no ratio worth printing.
const ratio = (value: number, baseline: number): string => (baseline === 0 ? (value === 0 ? "1.00" : "n/a (baseline 0)") : (value / baseline).toFixed(2));

export function formatMeasurement(m: Measurement): string {
  const base =
    m.baselineValue !== undefined
      ? `  baseline ${m.baseline}: ${fmt(m.baselineValue)} ${m.unit}  ratio ${ratio(m.value, m.baselineValue)}`
      : "";
  return `${m.name}: ${fmt(m.value)} ${m.unit} (${m.better} is better)${base}${m.note ? `  [${m.note}]` : ""}`;
}
