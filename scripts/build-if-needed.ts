// Builds the production bundle when it is missing or older than any source file, so `npm start` always
// serves what is checked out. An install without devDependencies (`npm ci --omit=dev`: the container image) has no
// build tool: it serves the build it was given, and only says so when there is none.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { defaultTemplateFolder, templateUsable } from "../app/db/pglite-template.server.ts";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const output = path.join(root, "build/server/index.js");
const builder = path.join(root, "node_modules/@react-router/dev/bin.cjs");
const sources = [
  "app",
  "server",
  "public",
  "drizzle",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function buildIfNeeded(): void {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  if (!existsSync(builder)) {
    if (!built) {
      console.error("No production build, and no build tool to make one (devDependencies not installed).");
      process.exit(1);
    }
    makeClusterTemplate();
    return;
  }
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (built >= newest) {
    makeClusterTemplate();
    return;
  }
  console.log(
    built ? "Sources changed since the last build: building…" : "No production build yet: building…",
  );
  execFileSync(process.execPath, [builder, "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  makeClusterTemplate();
}

/**
 * The empty PGlite cluster a new data folder is copied from, made in a process of its own on the baseline
 * WebAssembly compiler (a no-op when the build's template fits the installed PGlite).
 */
function makeClusterTemplate(): void {
  if (templateUsable(defaultTemplateFolder())) return;
  execFileSync(
    process.execPath,
    ["--no-wasm-tier-up", "--no-wasm-dynamic-tiering", path.join(root, "scripts/pglite-template.ts")],
    { cwd: root, stdio: "inherit" },
  );
}
