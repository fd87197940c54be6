// No source file over 450 lines (ADR 043): a longer file is split by responsibility, not cut in the middle. Source is
// every TypeScript, JavaScript, CSS and Lua file git tracks or would track (.gitignore applies), except generated
// migrations, benchmark results and public/.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const MAX_LINES = 450;
const root = path.resolve(import.meta.dirname, "..");

/**
 * Files over the limit that another change splits, each with why it is here. The test fails when one is no longer
 * over, so the list only shrinks.
 */
const PENDING: Record<string, string> = {};

function sourceFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed
    .split("\0")
    .filter((file) => /\.(ts|tsx|js|mjs|cjs|css|lua)$/.test(file))
    .filter((file) => !/^(drizzle|public|bench\/results|node_modules)\//.test(file));
}

function lineCount(file: string): number {
  let text: string;
  try {
    text = readFileSync(path.join(root, file), "utf8");
  } catch {
    return 0; // deleted in the work tree, not yet in the index
  }
  if (text === "") return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

describe("file size", () => {
  const sizes = sourceFiles().map((file) => ({ file, lines: lineCount(file) }));

  it("finds the source files", () => {
    expect(sizes.length).toBeGreaterThan(100);
    expect(sizes.map((s) => s.file)).toContain("app/routes.ts");
  });

  it(`keeps every source file at ${MAX_LINES} lines or fewer`, () => {
    const over = sizes
      .filter(({ file, lines }) => lines > MAX_LINES && !(file in PENDING))
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(over, `split these by responsibility (max ${MAX_LINES} lines)`).toEqual([]);
  });

  it("lists as pending only files still over the limit", () => {
    const done = Object.keys(PENDING).filter(
      (file) => (sizes.find((s) => s.file === file)?.lines ?? 0) <= MAX_LINES,
    );
    expect(done, "remove these from PENDING").toEqual([]);
  });
});
