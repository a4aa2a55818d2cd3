import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { lockDataDir } from "../../src/server/data-lock.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const DATA_LOCK = fileURLToPath(new URL("../../src/server/data-lock.ts", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "tabula-lock-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let n = 0;
const freshDir = () => join(scratch, `data-${++n}`);

/**
 * Another process that takes the lock and then waits: it prints `locked <pid>` once it holds it.
 * With `orphanedUnder: "sleep"` it runs under a parent that never reaps it (a shell that forks it
 * and then execs `sleep`), so that once killed it stays a zombie, as after a crash under a
 * supervisor that has not called wait() yet.
 */
// .mts: an ES module (top-level await) wherever it is, outside the package too.
const HOLDER = join(scratch, "holder.mts");
writeFileSync(
  HOLDER,
  `import { lockDataDir } from ${JSON.stringify(DATA_LOCK)};
await lockDataDir(process.argv[2]);
process.stdout.write("locked " + process.pid + "\\n");
setInterval(() => {}, 60_000);
`,
);

/** Stops what each test started, even when it failed half-way. */
const started: (() => void)[] = [];
afterEach(() => {
  for (const stop of started.splice(0)) stop();
});

async function holder(dir: string, options: { orphanedUnder?: "sleep" } = {}): Promise<{ pid: number; child: ChildProcess }> {
  const node = [process.execPath, "--import", "tsx", HOLDER, dir];
  const child = options.orphanedUnder
    ? spawn("/bin/sh", ["-c", '"$@" & exec sleep 120', "sh", ...node], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] })
    : spawn(node[0]!, node.slice(1), { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  let pid: number | undefined;
  started.push(() => {
    // Reaped: its pid (and an orphaned holder's) may be another process's by now.
    if (child.exitCode !== null || child.signalCode !== null) return;
    // Under a live `sleep`, the holder's pid is still the holder's (or its zombie's): nobody else reaps it.
    if (options.orphanedUnder && pid !== undefined) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // a zombie already
      }
    }
    child.kill("SIGKILL");
  });
  pid = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /locked (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`the holder exited (${code}) before it held the lock: ${out}`)));
  });
  return { pid, child };
}

/**
 * Whether the process has exited and waits for its parent to reap it: /proc on Linux, ps
 * elsewhere. On Linux the first thread shows Z while the others may still be exiting, and the
 * files (with their locks) go with the last one: a zombie here is one thread, all gone.
 */
function isZombie(pid: number): boolean {
  if (existsSync("/proc/self/stat")) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      return /^State:\s+Z/m.test(status) && /^Threads:\s+1$/m.test(status);
    } catch {
      return false;
    }
  }
  const ps = spawnSync("ps", ["-o", "stat=", "-p", String(pid)], { encoding: "utf8" });
  return ps.status === 0 && ps.stdout.trim().startsWith("Z");
}

const until = async (condition: () => boolean, what: string) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
};

describe("the data-directory lock", () => {
  it("is taken, released and taken again; the pid file names the owner while it holds it", async () => {
    const dir = freshDir();
    const release = await lockDataDir(dir);
    expect(readFileSync(join(dir, "tabula.pid"), "utf8").trim()).toBe(String(process.pid));
    await release();
    expect(existsSync(join(dir, "tabula.pid"))).toBe(false);
    await release(); // twice is harmless
    const again = await lockDataDir(dir);
    await again();
  });

  it("refuses a second server in the same process", async () => {
    const dir = freshDir();
    const release = await lockDataDir(dir);
    try {
      await expect(lockDataDir(dir)).rejects.toThrow(/already used by a server in this process/);
      await expect(lockDataDir(join(dir, ".", "."))).rejects.toThrow(/already used by a server in this process/);
    } finally {
      await release();
    }
  });

  it("refuses while a live server in another process holds it, naming its pid; takes it over once that one is killed", async () => {
    const dir = freshDir();
    const { pid, child } = await holder(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(`the data directory ${dir} is used by another Tabula server (pid ${pid}); stop it, or pass --data-dir or --memory`);
    // A crash: no release, the pid file stays behind.
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    expect(readFileSync(join(dir, "tabula.pid"), "utf8").trim()).toBe(String(pid));
    const release = await lockDataDir(dir);
    expect(readFileSync(join(dir, "tabula.pid"), "utf8").trim()).toBe(String(process.pid));
    await release();
  });

  it("takes over from a crashed server that is still a zombie (its pid still answers kill 0)", async () => {
    const dir = freshDir();
    const { pid, child: sleeper } = await holder(dir, { orphanedUnder: "sleep" });
    await expect(lockDataDir(dir)).rejects.toThrow(`(pid ${pid})`);
    process.kill(pid, "SIGKILL");
    await until(() => isZombie(pid), `pid ${pid} to become a zombie`);
    expect(() => process.kill(pid, 0)).not.toThrow(); // what the pid-file lock used to take for alive
    const release = await lockDataDir(dir);
    await release();
    sleeper.kill("SIGKILL");
  });

  it("ignores a pid file naming a live process that holds no lock (a reused pid, or a file copied with the data)", async () => {
    const dir = freshDir();
    const { child } = await holder(freshDir()); // live, and certainly not this directory's owner
    const first = await lockDataDir(dir);
    await first();
    writeFileSync(join(dir, "tabula.pid"), `${child.pid}\n`);
    const release = await lockDataDir(dir);
    expect(readFileSync(join(dir, "tabula.pid"), "utf8").trim()).toBe(String(process.pid));
    await release();
  });

  it("says what went wrong when the directory cannot hold a lock", async () => {
    const file = join(scratch, "a-file");
    writeFileSync(file, "not a directory");
    await expect(lockDataDir(file)).rejects.toThrow(/a-file/);
    // Nothing half-held: the same path fails the same way, not as "already used in this process".
    await expect(lockDataDir(file)).rejects.not.toThrow(/in this process/);
  });
});
