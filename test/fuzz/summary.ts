import { KNOWN_DEFECTS } from "./known-defects.js";
import type { FuzzReport, Violation } from "./runner.js";

const table = (map: ReadonlyMap<string, number>, indent = "  "): string[] =>
  [...map]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([key, n]) => `${indent}${String(n).padStart(6)}  ${key}`);

/** Violations grouped by what went wrong (details differ in ids and numbers only). */
export function groupViolations(violations: readonly Violation[]): { key: string; count: number; first: Violation }[] {
  const groups = new Map<string, { key: string; count: number; first: Violation }>();
  for (const v of violations) {
    const shape = v.detail.replace(/[A-Za-z0-9_-]{16}/g, "<id>").replace(/\d+/g, "N").slice(0, 160);
    const key = `${v.kind}: ${v.transport} ${v.operation}: ${shape}`;
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { key, count: 1, first: v });
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

/** The printed summary of a run. */
export function summarize(report: FuzzReport): string {
  const lines = [
    `fuzz: seed ${report.seed}, WebSockets ${report.gateway}, rate limits ${report.rateLimits ? "on" : "off"}, ${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s (${Math.round(report.requests / (report.durationMs / 1000))}/s)`,
    `matches: ${report.matches.setup} set up, ${report.matches.total} at the end (${[...report.matches.rulesets].map(([r, n]) => `${r} ${n}`).join(", ")}), ${report.matches.finished} finished, ${report.matches.events} events audited`,
    `legal commands: ${report.legal.commands} sent, ${report.legal.accepted} accepted; hostile commands accepted: ${[...report.hostileAccepted].map(([k, n]) => `${n} ${k}`).join(", ") || "none"}`,
    `live watchers: ${report.watchers} (WebSocket and SSE, through the whole run)`,
    `webhook deliveries: ${report.webhookDeliveries} (each verified with standardwebhooks and searched for secrets)`,
    "",
    "requests by transport and operation:",
    ...table(report.byOperation),
    "",
    "answers by transport, status and code:",
    ...table(report.outcomes),
    "",
  ];
  if (report.tolerated.length > 0) {
    lines.push(`tolerated (open defects owned elsewhere): ${report.tolerated.length}`);
    for (const defect of KNOWN_DEFECTS) {
      const n = report.tolerated.filter((v) => v.defect === defect.id).length;
      if (n > 0) lines.push(`  ${String(n).padStart(6)}  ${defect.id}: ${defect.description}`);
    }
    lines.push("");
  }
  if (report.violations.length === 0) {
    lines.push("violations: none");
    return lines.join("\n");
  }
  lines.push(`violations: ${report.violations.length}`);
  for (const group of groupViolations(report.violations).slice(0, 30)) {
    lines.push(`  ${String(group.count).padStart(6)}  ${group.first.kind} (${group.first.purpose}, first at request ${group.first.index})`);
    lines.push(`          ${group.first.detail.slice(0, 400)}`);
    if (group.first.repro) lines.push(`          reproduce: ${group.first.repro.text.slice(0, 1_500)}`);
  }
  return lines.join("\n");
}
