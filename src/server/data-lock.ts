import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const heldHere = new Set<string>();

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * One server per data directory: LevelDB allows a single opener, and dynalite reports a second
 * one only as an uncaught "Database is closed". A pid file turns that into a clear refusal; a
 * file left by a process that no longer runs is taken over. Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  const absolute = resolve(dir);
  if (heldHere.has(absolute)) throw new Error(`the data directory ${absolute} is already used by a server in this process`);
  mkdirSync(absolute, { recursive: true });
  const file = join(absolute, "tabula.pid");
  try {
    writeFileSync(file, String(process.pid), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const owner = Number(readFileSync(file, "utf8").trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
      throw new Error(`the data directory ${absolute} is used by another Tabula server (pid ${owner}); stop it, or pass --data-dir or --memory`);
    }
    writeFileSync(file, String(process.pid));
  }
  heldHere.add(absolute);
  return () => {
    heldHere.delete(absolute);
    try {
      if (readFileSync(file, "utf8").trim() === String(process.pid)) unlinkSync(file);
    } catch {
      // already gone
    }
  };
}
