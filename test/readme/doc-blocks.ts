import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";

/**
 * Shell recipes of the documentation, run by the suite (test/readme/). A block is a fenced ```sh
 * block right after a mark (blank lines between are allowed); the README's walk-through has its
 * own mark (`<!-- readme-test: curl walk-through ... -->`), the docs' blocks
 * `<!-- doc-test: <script> ... -->`: the blocks of a file marked with the same script name run in
 * order, as one bash script, so a block sees the variables and files of those before it.
 */
export interface DocBlock {
  /** The mark's script name (the first word after `doc-test:`). */
  readonly script: string;
  /** The 1-based line of the block's opening fence. */
  readonly line: number;
  readonly text: string;
}

export const DOC_MARK = /<!-- doc-test: ([a-z0-9-]+)\b[^\n]*-->/g;

/** Every block marked with `doc-test` in a Markdown text, in order; a mark not right above a ```sh block is an error. */
export function docBlocks(markdown: string, file: string): DocBlock[] {
  const blocks: DocBlock[] = [];
  for (const mark of markdown.matchAll(DOC_MARK)) {
    const after = mark.index + mark[0].length;
    const fence = /^\s*```sh\n([\s\S]*?)^```/m.exec(markdown.slice(after));
    if (!fence || fence.index !== 0) throw new Error(`${file}:${lineAt(markdown, mark.index)}: the doc-test mark is not right above a \`\`\`sh block`);
    const start = after + fence[0].indexOf("```sh");
    blocks.push({ script: mark[1]!, line: lineAt(markdown, start), text: fence[1]! });
  }
  return blocks;
}

/** The blocks of one script name joined into one script; each block first says where it is, on stdout (`# doc-test: <file>:<line>`). */
export function docScripts(markdown: string, file: string): Map<string, { readonly blocks: readonly DocBlock[]; readonly source: string }> {
  const scripts = new Map<string, DocBlock[]>();
  for (const block of docBlocks(markdown, file)) scripts.set(block.script, [...(scripts.get(block.script) ?? []), block]);
  return new Map(
    [...scripts].map(([name, blocks]) => [name, { blocks, source: blocks.map((b) => `echo '# doc-test: ${file}:${b.line}'\n${b.text}`).join("\n") }]),
  );
}

function lineAt(text: string, index: number): number {
  return text.slice(0, index).split("\n").length;
}

/** The block of a run that printed last before `output` ended: where a failing script stopped. */
export function lastBlock(stdout: string): string {
  const marks = [...stdout.matchAll(/^# doc-test: (\S+)$/gm)];
  return marks.length > 0 ? marks[marks.length - 1]![1]! : "(before the first block)";
}

export function bash(script: string, cwd: string, env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-e", "-o", "pipefail", "-c", script], { cwd, env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => void (stdout += String(chunk)));
    child.stderr.on("data", (chunk) => void (stderr += String(chunk)));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/** The tools the recipes use that this machine lacks (looked up with `command -v`, as a user's shell would). */
export const missingTools = ["bash", "curl", "jq"].filter((tool) => spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0);

/** A server's randomness from a seed: what it draws is known in advance. */
export function seededBytes(seed: number): (size: number) => Buffer {
  let counter = 0;
  return (size) => {
    const chunks: Buffer[] = [];
    for (let got = 0; got < size; got += 32) chunks.push(createHash("sha256").update(`${seed}:${counter++}`).digest());
    return Buffer.concat(chunks).subarray(0, size);
  };
}
