// A new PGlite data folder starts as a copy of an empty cluster made at build time, not by running `initdb` in the
// server. PGlite's `initdb` runs a second WebAssembly instance whose memory reaches ~320 MB while the cluster is
// created: a first start on an empty folder peaked at ~670 MB of resident memory, against ~255 MB for opening an
// existing cluster. The build makes the cluster once, in a process of its own (`scripts/pglite-template.ts`), and
// the server copies it (ADR 025). Without a template (a build from before, or another PGlite version) the server
// falls back to `initdb` as before.
//
// This module imports nothing of the app's own, so the build script can load it directly.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";

/** The file in a template that names the PGlite version that made it (never copied into a data folder). */
const STAMP = "pglite-template-version";

/** The installed PGlite's version: a template made by another one is not used. */
export function pgliteVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.resolve("@electric-sql/pglite")));
  for (let i = 0; i < 4; i++, dir = path.dirname(dir)) {
    const file = path.join(dir, "package.json");
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
    if (pkg.name === "@electric-sql/pglite" && pkg.version) return pkg.version;
  }
  return "unknown";
}

/** Where the build puts the template: `build/pglite-template` beside the server bundle. */
export function defaultTemplateFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++, dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return path.join(dir, "build", "pglite-template");
  }
  return path.resolve("build", "pglite-template");
}

/** True when `folder` holds a template this PGlite can use. */
export function templateUsable(folder: string): boolean {
  const stamp = path.join(folder, STAMP);
  return (
    existsSync(path.join(folder, "PG_VERSION")) &&
    existsSync(stamp) &&
    readFileSync(stamp, "utf8").trim() === pgliteVersion()
  );
}

/** Creates the empty cluster in `folder` (replacing it), by PGlite's own `initdb`. */
export async function createClusterTemplate(folder: string): Promise<void> {
  const work = `${folder}.tmp-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const client = await PGlite.create({ dataDir: work });
  await client.close();
  writeFileSync(path.join(work, STAMP), `${pgliteVersion()}\n`);
  rmSync(folder, { recursive: true, force: true });
  renameSync(work, folder);
}

/**
 * Fills an empty data folder with a copy of the template, whole or not at all (copied beside it, then renamed),
 * so a crash mid-copy never leaves a half cluster that PGlite would try to open. Returns true when it copied.
 */
export function copyClusterTemplate(dataDir: string, template = defaultTemplateFolder()): boolean {
  if (!existsSync(dataDir) || readdirSync(dataDir).length > 0 || !templateUsable(template)) return false;
  const work = `${dataDir}.copy-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  cpSync(template, work, { recursive: true, filter: (source) => path.basename(source) !== STAMP });
  rmSync(dataDir, { recursive: true });
  renameSync(work, dataDir);
  return true;
}
