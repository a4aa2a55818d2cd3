import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ClassicLevel } from "classic-level";

const heldHere = new Set<string>();

/**
 * A process killed a moment ago may still be exiting (its threads closing its files) when its
 * successor starts, as in `kill -9 $pid; npm start`: a lock still held is tried again for this
 * long before it counts as a live owner's.
 */
const SETTLE_MS = 500;
const RETRY_MS = 25;

const isLockedError = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "LEVEL_LOCKED" || e?.cause?.code === "LEVEL_LOCKED";
};

const readPid = (file: string): number | undefined => {
  try {
    const pid = Number(readFileSync(file, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
};

/**
 * One server per data directory: LevelDB allows a single opener, and dynalite reports a second
 * one only as an uncaught "Database is closed". This turns that into a clear refusal, before the
 * store opens.
 *
 * The lock is a small LevelDB of its own, `<dir>/tabula.lock/` (classic-level, the LevelDB both
 * local stores keep their data in, so it works wherever they do), held open for as long as the
 * server runs. Opening it takes an OS lock on its LOCK file (fcntl on Linux and macOS, LockFileEx
 * on Windows), which the kernel drops the moment the process ends, however it ends: a crash, a
 * kill -9, a process its parent has not reaped yet (a zombie holds no files). So nothing can be
 * stale and no pid can be mistaken for another: a pid file (`tabula.pid`) is written next to it
 * only to name the owner in the refusal.
 *
 * Resolves with the release function once the lock is held.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const absolute = resolve(dir);
  if (heldHere.has(absolute)) throw new Error(`the data directory ${absolute} is already used by a server in this process`);
  heldHere.add(absolute);
  const pidFile = join(absolute, "tabula.pid");
  let lock: ClassicLevel;
  try {
    mkdirSync(absolute, { recursive: true });
    for (const deadline = Date.now() + SETTLE_MS; ; ) {
      lock = new ClassicLevel(join(absolute, "tabula.lock"));
      try {
        await lock.open();
        break;
      } catch (error) {
        if (!isLockedError(error) || Date.now() >= deadline) throw error;
        await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    }
  } catch (error) {
    heldHere.delete(absolute);
    if (isLockedError(error)) {
      const owner = readPid(pidFile);
      // Another worker thread of this process (LevelDB's lock is per process, the set above per thread).
      if (owner === process.pid) throw new Error(`the data directory ${absolute} is already used by a server in this process`);
      throw new Error(
        `the data directory ${absolute} is used by another Tabula server${owner ? ` (pid ${owner})` : ""}; stop it, or pass --data-dir or --memory`,
      );
    }
    // Not held by anyone (LevelDB takes the lock before it reads a file): a damaged lock store,
    // which holds no data and may go.
    throw new Error(`cannot lock the data directory ${absolute}: ${(error as Error).message} (with no server running, delete ${join(absolute, "tabula.lock")})`, {
      cause: error,
    });
  }
  writeFileSync(pidFile, `${process.pid}\n`);

  let released = false;
  return async () => {
    if (released) return;
    released = true;
    // The pid file goes first: once the lock is free, it is the next owner's to write.
    try {
      if (readPid(pidFile) === process.pid) unlinkSync(pidFile);
    } catch {
      // already gone
    }
    try {
      await lock.close();
    } finally {
      heldHere.delete(absolute);
    }
  };
}
