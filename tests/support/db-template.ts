// Global setup of the integration projects: the database every test file starts from, migrated once per run rather
// than once per file (tests/support/test-db.ts copies it). Both are named after the migrations and the PGlite version,
// so a template is made again only when those change, and runs of other checkouts with other migrations keep theirs.
// - PGlite: a migrated data folder in the system's temporary folder (scripts/pglite-template.ts --migrated), which
//   a test file copies and opens (0.8-1.7 s on the shared two-core machine) instead of an in-memory `initdb` and
//   every migration (7.7-10.5 s there; docs/decisions/044-ci-layout.md).
// - PostgreSQL: a database marked as a template that nobody connects to, which a test file clones with
//   `CREATE DATABASE … TEMPLATE` (0.22-0.36 s instead of 1.1-1.8 s to create and migrate).
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite data folder a test file copies (pglite project). */
    pgliteTemplate?: string;
    /** The migrated PostgreSQL database a test file clones (postgres project). */
    postgresTemplate?: string;
  }
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const migrations = path.join(root, "drizzle");

/** A short name for this set of migrations (and PGlite version). */
function templateKey(): string {
  // The installed PGlite (read here: Vitest's module runner has no import.meta.resolve for pgliteVersion()).
  const hash = createHash("sha256").update(
    readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json")),
  );
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      .sort();
  for (const file of files(migrations))
    hash.update(path.relative(migrations, file)).update(readFileSync(file));
  return hash.digest("hex").slice(0, 12);
}

/** Runs scripts/pglite-template.ts in a process of its own on the baseline WebAssembly compiler, as the build does. */
function templateScript(...args: string[]): void {
  execFileSync(
    process.execPath,
    [
      "--no-wasm-tier-up",
      "--no-wasm-dynamic-tiering",
      path.join(root, "scripts/pglite-template.ts"),
      ...args,
    ],
    { cwd: root, stdio: ["ignore", "ignore", "inherit"] },
  );
}

function pgliteTemplate(key: string): string {
  // The build's empty cluster first (a no-op when it is there): the migrated template starts from it, and so do the
  // scratch and restored databases of the backup tests, as they would in a built server.
  templateScript();
  const folder = path.join(os.tmpdir(), `asimov-test-pglite-${key}`);
  if (!existsSync(folder)) templateScript("--migrated", folder);
  return folder;
}

async function postgresTemplate(adminUrl: string, key: string): Promise<string> {
  const name = `asimov_template_${key}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const [found] = await admin`select 1 from pg_database where datname = ${name}`;
    if (found) return name;
    // Made under another name and renamed once migrated, so a half-made template is never cloned.
    const work = `${name}_${randomBytes(4).toString("hex")}`;
    await admin.unsafe(`create database ${work}`);
    const url = new URL(adminUrl);
    url.pathname = `/${work}`;
    const client = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      await migrate(drizzle(client), { migrationsFolder: migrations });
    } finally {
      await client.end({ timeout: 5 });
    }
    try {
      await admin.unsafe(`alter database ${work} rename to ${name}`);
    } catch (error) {
      // Another run made it meanwhile.
      await admin.unsafe(`drop database ${work}`);
      const [made] = await admin`select 1 from pg_database where datname = ${name}`;
      if (!made) throw error;
      return name;
    }
    // A connection to the template would make every clone fail: none is allowed.
    await admin.unsafe(`alter database ${name} with is_template true allow_connections false`);
    return name;
  } finally {
    await admin.end({ timeout: 5 });
  }
}

export default async function setup(project: TestProject) {
  const key = templateKey();
  if (project.name === "pglite") project.provide("pgliteTemplate", pgliteTemplate(key));
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (project.name === "postgres" && adminUrl) {
    project.provide("postgresTemplate", await postgresTemplate(adminUrl, key));
  }
}
