// The image's runtime stage copies a few scripts by name (the launcher, the administrator CLI) rather than the whole
// folder. A script one of them imports and the list forgets fails only inside the image, when an operator runs it:
// every relative import of a copied script must be copied too.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** The files the Containerfile's COPY lines name (sources only: `--from` stages and `.` excluded). */
function copiedFiles(): Set<string> {
  const files = new Set<string>();
  for (const line of readFileSync(path.join(root, "Containerfile"), "utf8").split("\n")) {
    const words = line.trim().split(/\s+/);
    if (words[0] !== "COPY" || words.some((w) => w.startsWith("--from"))) continue;
    for (const source of words.slice(1, -1)) if (source !== ".") files.add(path.normalize(source));
  }
  return files;
}

/** The relative imports of a TypeScript file, resolved from the project root. */
function relativeImports(file: string): string[] {
  const text = readFileSync(path.join(root, file), "utf8");
  return [...text.matchAll(/(?:from|import)\s+"(\.{1,2}\/[^"]+\.ts)"/g)].map((m) =>
    path.normalize(path.join(path.dirname(file), m[1] ?? "")),
  );
}

describe("Containerfile", () => {
  it("copies every file that a copied TypeScript file imports", () => {
    const copied = copiedFiles();
    const scripts = [...copied].filter((f) => f.endsWith(".ts"));
    expect(scripts).toContain("scripts/admin.ts");
    const missing = scripts.flatMap((script) =>
      relativeImports(script)
        .filter((target) => !copied.has(target))
        .map((target) => `${script} imports ${target}`),
    );
    expect(missing).toEqual([]);
  });
});
