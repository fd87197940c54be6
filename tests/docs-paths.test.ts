// The docs name files that exist: every backticked path under app/, server/, tests/, bench/, scripts/, drizzle/ or
// docs/ in README.md and docs/**/*.md (a "*" in a name must match at least one file), and the architecture's
// server/ row names every module of server/.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const FOLDERS = ["app", "server", "tests", "bench", "scripts", "drizzle", "docs"];
const NAMED = new RegExp(`\`((?:${FOLDERS.join("|")})/[^\`\\s]*)\``, "g");

function markdownFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(relative);
    return entry.name.endsWith(".md") ? [relative] : [];
  });
}

/** The file exists, or for a name with "*", some file in its folder matches. */
function exists(named: string): boolean {
  const clean = named.replace(/:\d+$/, "").replace(/[.,;:]$/, "");
  if (!clean.includes("*")) return existsSync(path.join(ROOT, clean));
  const dir = path.join(ROOT, path.dirname(clean));
  const pattern = new RegExp(
    `^${path
      .basename(clean)
      .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
      .replaceAll("*", ".*")}$`,
  );
  return existsSync(dir) && readdirSync(dir).some((name) => pattern.test(name));
}

describe("docs", () => {
  const docs = ["README.md", ...markdownFiles("docs")];

  it.each(docs)("%s names only files that exist", (doc) => {
    const text = readFileSync(path.join(ROOT, doc), "utf8");
    const named = [...text.matchAll(NAMED)].map((match) => match[1] ?? "");
    const missing = [...new Set(named.filter((name) => !name.includes("<") && !exists(name)))];
    expect(missing).toEqual([]);
  });

  it("lists every module of server/ in the architecture's server/ row", () => {
    const text = readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");
    const row = text.split("\n").find((line) => line.startsWith("| `server/` |")) ?? "";
    const modules = readdirSync(path.join(ROOT, "server")).filter(
      (name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.endsWith(".d.ts"),
    );
    expect(modules.filter((name) => !row.includes(`\`${name}\``))).toEqual([]);
  });
});
