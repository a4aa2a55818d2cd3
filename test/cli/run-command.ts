import { vi } from "vitest";
import { capture } from "../support/capture.js";

export interface Ran {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs a CLI command's `run` in this process, with what it wrote: fast, and a test server
 * started here keeps answering while the command reads from it.
 */
export async function runCommand(run: (argv: string[]) => Promise<number>, argv: string[]): Promise<Ran> {
  const { out, err } = capture();
  try {
    const status = await run(argv);
    return { status, stdout: out.join(""), stderr: err.join("") };
  } finally {
    vi.restoreAllMocks();
  }
}
