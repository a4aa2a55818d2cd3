import { isClosedSetCode, restStatusFits } from "./expected-codes.js";
import type { Disclosure, Finding } from "./exchange.js";
import type { RawHttpResponse, RawHttpResult } from "./raw-http.js";
import type { World } from "./world.js";

/**
 * The checks every answer gets, whatever was asked: no 5xx, no INTERNAL_SERVER_ERROR, only codes
 * of the closed set and of the operation, REST statuses that fit their codes, and no secret.
 */
export interface InspectedAnswer {
  readonly outcomes: string[];
  readonly findings: Finding[];
  readonly json: unknown;
  readonly response: RawHttpResponse | null;
  readonly codes: string[];
  readonly disclosed: Disclosure[];
}

export function codeFindings(codes: readonly string[], allowed: ReadonlySet<string>, where: string): Finding[] {
  const findings: Finding[] = [];
  for (const code of codes) {
    if (code === "INTERNAL_SERVER_ERROR") findings.push({ kind: "INTERNAL_SERVER_ERROR", detail: `${where} answered INTERNAL_SERVER_ERROR` });
    else if (!isClosedSetCode(code)) findings.push({ kind: "code outside the closed set", detail: `${where} answered ${JSON.stringify(code)}` });
    else if (!allowed.has(code)) findings.push({ kind: "undocumented code", detail: `${where} answered ${code}, which it does not document (documented: ${[...allowed].join(", ")})` });
  }
  return findings;
}

/** `errors[].extensions.code` of a GraphQL result (a missing code is reported as "(none)"). */
export function graphqlCodes(result: unknown): string[] {
  const errors = (result as { errors?: unknown })?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.map((e) => {
    const code = (e as { extensions?: { code?: unknown } })?.extensions?.code;
    return typeof code === "string" ? code : "(none)";
  });
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function inspectHttp(
  result: RawHttpResult,
  options: { readonly world: World; readonly sent: string; readonly shape: "rest" | "graphql"; readonly allowed: ReadonlySet<string>; readonly where: string; readonly bodiless?: boolean },
): InspectedAnswer {
  if (!result.ok) return { outcomes: ["no answer"], findings: [{ kind: "no answer", detail: `${options.where}: ${result.error}` }], json: undefined, response: null, codes: [], disclosed: [] };
  const { response } = result;
  const findings: Finding[] = [];
  const text = response.body.toString("utf8");
  if (response.status >= 500) findings.push({ kind: "5xx", detail: `${options.where} answered HTTP ${response.status}: ${text.slice(0, 200)}` });
  const isJson = (response.headers["content-type"] ?? "").startsWith("application/json");
  const json = isJson ? parseJson(text) : undefined;
  if (isJson && json === undefined && text !== "") findings.push({ kind: "unparsable answer", detail: `${options.where}: a JSON content type with a body that is not JSON` });

  let codes: string[];
  if (options.shape === "rest") {
    const code = (json as { error?: { code?: unknown } } | undefined)?.error?.code;
    codes = typeof code === "string" ? [code] : [];
    // Node's own HTTP parser refuses malformed requests with a bare 400/431 and no body.
    const bareRefusal = text === "" && (response.status === 400 || response.status === 431);
    // A HEAD answer has no body to carry a code.
    if (response.status >= 400 && codes.length === 0 && !bareRefusal && !options.bodiless) {
      findings.push({ kind: "error without a code", detail: `${options.where} answered ${response.status} without error.code: ${text.slice(0, 200)}` });
    }
    if (codes[0] !== undefined && !restStatusFits(response.status, codes[0])) {
      findings.push({ kind: "status does not fit the code", detail: `${options.where} answered ${codes[0]} with HTTP ${response.status}` });
    }
  } else {
    codes = graphqlCodes(json);
    if (response.status >= 400 && codes.length === 0 && text !== "") findings.push({ kind: "error without a code", detail: `${options.where} answered ${response.status} without errors[].extensions.code` });
  }
  findings.push(...codeFindings(codes, options.allowed, options.where));
  const outcomes = codes.length > 0 ? [...new Set(codes)].map((code) => `${response.status} ${code}`) : [String(response.status)];
  const disclosed = [{ where: options.where, text: `${response.head}\n${response.body.toString("latin1")}`, sent: options.sent }];
  return { outcomes, findings, json, response, codes, disclosed };
}

/** Every match view in an answer (REST bodies, GraphQL data, pushes), for the world's notes. */
export function* matchViewsIn(value: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (depth > 6 || value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    for (const item of value) yield* matchViewsIn(item, depth + 1);
    return;
  }
  const record = value as Record<string, unknown>;
  if (typeof record.id === "string" && typeof record.version === "number") yield record;
  for (const [key, child] of Object.entries(record)) if (key !== "state" && key !== "legalMoves") yield* matchViewsIn(child, depth + 1);
}

/** Matches an answer created, with the tokens it handed out: `{match: {id}, seats: [{seat, token}]}`. */
export function createdIn(value: unknown, depth = 0, out = new Map<string, string[]>()): Map<string, string[]> {
  if (depth > 4 || value === null || typeof value !== "object") return out;
  const record = value as { match?: { id?: unknown }; seats?: unknown };
  if (typeof record.match?.id === "string" && Array.isArray(record.seats)) {
    const tokens = record.seats.map((s) => (s as { token?: unknown })?.token);
    if (tokens.length > 0 && tokens.every((t) => typeof t === "string")) out.set(record.match.id, tokens as string[]);
  }
  for (const child of Object.values(value as object)) createdIn(child, depth + 1, out);
  return out;
}
