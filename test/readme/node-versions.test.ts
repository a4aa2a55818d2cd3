import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";

const read = async (path: string): Promise<string> => readFile(new URL(`../../${path}`, import.meta.url), "utf8");
const pkg = JSON.parse(await read("package.json")) as { engines: { node: string } };
const lock = JSON.parse(await read("package-lock.json")) as { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> };
const readme = await read("README.md");

type Version = readonly [number, number, number];
const parse = (text: string): Version => {
  const [major = 0, minor = 0, patch = 0] = text.replace(/^v/, "").split(".").map((p) => (p === "x" || p === "*" ? 0 : Number(p)));
  return [major, minor, patch];
};
const compare = (a: Version, b: Version): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/**
 * Does `version` satisfy an npm `engines` range? The forms the lockfile holds: `*`, `>=X`, `>X`,
 * `^X.Y.Z`, a bare major or `X.x`, comparators joined by spaces (all must hold) and by `||`.
 */
function satisfies(version: string, range: string): boolean {
  const v = parse(version);
  return range.split("||").some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|<=|>|<|\^|~)\s+/g, "$1")
      .split(/\s+/)
      .every((c) => {
        const m = /^(>=|<=|>|<|\^|~)?(.+)$/.exec(c);
        if (!m || m[2] === "*") return true;
        const op = m[1] ?? "";
        const bound = parse(m[2]!);
        const parts = m[2]!.split(".").filter((p) => p !== "x" && p !== "*").length;
        switch (op) {
          case ">=":
            return compare(v, bound) >= 0;
          case ">":
            return compare(v, bound) > 0;
          case "<=":
            return compare(v, bound) <= 0;
          case "<":
            return compare(v, bound) < 0;
          case "^":
            return compare(v, bound) >= 0 && v[0] === bound[0];
          case "~":
            return compare(v, bound) >= 0 && v[0] === bound[0] && v[1] === bound[1];
          default:
            // A bare version: "20" or "20.x" is any 20, "20.19.0" exactly that one.
            return v.slice(0, parts).every((n, i) => n === bound[i]);
        }
      }),
  );
}

/** The installed packages that do not declare the oldest Node the README promises, by name. */
const EXCEPTIONS = ["@whatwg-node/promise-helpers"];

describe("the Node.js versions the README names", () => {
  it("the engines check reads npm's range forms", () => {
    expect(satisfies("20.19.0", ">=20.19")).toBe(true);
    expect(satisfies("20.18.9", ">=20.19")).toBe(false);
    expect(satisfies("20.19.0", "^20.19.0 || >=22.12.0")).toBe(true);
    expect(satisfies("21.0.0", "^20.19.0 || >=22.12.0")).toBe(false);
    expect(satisfies("20.19.0", "18 || 20 || >=22")).toBe(true);
    expect(satisfies("20.19.0", ">= 0.6")).toBe(true);
    expect(satisfies("20.19.0", ">=22.15.0")).toBe(false);
    expect(satisfies("20.19.0", "*")).toBe(true);
    expect(satisfies("20.19.0", ">= 10.x")).toBe(true);
  });

  it("every locked package runs on the oldest Node package.json's engines names, but the one the README names as the exception", () => {
    const oldest = /^>=\s*(\d+\.\d+(\.\d+)?)$/.exec(pkg.engines.node)?.[1];
    expect(oldest, `engines.node is ${pkg.engines.node}`).toBeDefined();
    expect(readme).toContain(`${oldest!.split(".").slice(0, 2).join(".")} still works`);
    const refusing = Object.entries(lock.packages).flatMap(([path, p]) => {
      const range = Array.isArray(p.engines) ? undefined : p.engines?.node;
      return path !== "" && range !== undefined && !satisfies(oldest!, range) ? [path.replace(/^.*node_modules\//, "")] : [];
    });
    expect([...new Set(refusing)].sort()).toEqual(EXCEPTIONS);
    for (const name of EXCEPTIONS) expect(readme).toContain(`\`${name}\``);
  });
});
