// Part of the build: makes the empty PGlite cluster a new data folder starts from (app/db/pglite-template.server.ts),
// in this short-lived process, so the server never runs PGlite's memory-hungry `initdb` itself (ADR 025).
//
// With `--migrated <folder>`: the integration tests' template (tests/support/db-template.ts), that cluster with every
// migration in drizzle/ applied, which each test file copies instead of running `initdb` and the migrations again.
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import {
  copyClusterTemplate,
  createClusterTemplate,
  defaultTemplateFolder,
  templateUsable,
} from "../app/db/pglite-template.server.ts";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

/** The empty cluster (the build's copy when there is one), migrated, made beside `folder` and renamed into place. */
async function createMigratedTemplate(folder: string): Promise<void> {
  const work = `${folder}.tmp-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  copyClusterTemplate(work);
  const client = new PGlite(work);
  await migrate(drizzle(client), { migrationsFolder: path.join(root, "drizzle") });
  await client.close();
  // Another run may have made the same template meanwhile: theirs is as good as ours.
  if (existsSync(folder)) rmSync(work, { recursive: true, force: true });
  else renameSync(work, folder);
}

const started = performance.now();
if (process.argv[2] === "--migrated") {
  const folder = process.argv[3];
  if (!folder) throw new Error("usage: pglite-template.ts --migrated <folder>");
  await createMigratedTemplate(path.resolve(folder));
  console.log(`Migrated PGlite template made in ${Math.round(performance.now() - started)} ms: ${folder}`);
} else {
  const folder = process.argv[2] ? path.resolve(process.argv[2]) : defaultTemplateFolder();
  if (!templateUsable(folder)) {
    await createClusterTemplate(folder);
    console.log(`PGlite cluster template made in ${Math.round(performance.now() - started)} ms: ${folder}`);
  }
}
