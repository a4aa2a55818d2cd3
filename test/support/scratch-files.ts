import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

/** A temporary directory for the current test file, removed after it; `write` puts JSON in it. */
export function scratchFiles(prefix: string): { readonly dir: string; write(name: string, json: unknown): string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    dir,
    write(name, json) {
      const path = join(dir, name);
      writeFileSync(path, JSON.stringify(json));
      return path;
    },
  };
}
