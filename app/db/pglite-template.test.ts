// The empty cluster a new PGlite data folder is copied from: copied only into an empty folder, only when the
// installed PGlite made it, and a copied folder opens, migrates and keeps data like one made by initdb.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, rowsOf } from "./client.server";
import {
  copyClusterTemplate,
  createClusterTemplate,
  pgliteVersion,
  templateUsable,
} from "./pglite-template.server";

describe("PGlite cluster template", () => {
  let root: string;
  let template: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), "asimov-template-"));
    template = path.join(root, "template");
    await createClusterTemplate(template);
  }, 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("is stamped with the installed PGlite's version", () => {
    expect(pgliteVersion()).toMatch(/^\d+\.\d+\.\d+/);
    expect(templateUsable(template)).toBe(true);
  });

  it("fills an empty data folder that then opens, migrates and keeps data across a restart", async () => {
    const dataDir = path.join(root, "data", "pglite");
    mkdirSync(dataDir, { recursive: true });
    expect(copyClusterTemplate(dataDir, template)).toBe(true);
    expect(readdirSync(dataDir)).toContain("PG_VERSION");
    expect(readdirSync(dataDir)).not.toContain("pglite-template-version");
    expect(readdirSync(path.dirname(dataDir)).filter((f) => f.includes(".copy-"))).toEqual([]);

    let handle = openDatabase({ kind: "pglite", dataDir });
    await handle.migrate();
    await handle.db.execute(sql`create table template_probe (v text)`);
    await handle.db.execute(sql`insert into template_probe values ('kept')`);
    await handle.close();

    handle = openDatabase({ kind: "pglite", dataDir });
    const rows = rowsOf<{ v: string }>(await handle.db.execute(sql`select v from template_probe`));
    expect(rows.map((r) => r.v)).toEqual(["kept"]);
    // A folder that already holds a cluster is never overwritten.
    expect(copyClusterTemplate(dataDir, template)).toBe(false);
    await handle.close();
  }, 60_000);

  it("is not used by another PGlite version, nor copied into a folder that holds anything", () => {
    const other = path.join(root, "other");
    mkdirSync(other);
    writeFileSync(path.join(other, "PG_VERSION"), "17\n");
    writeFileSync(path.join(other, "pglite-template-version"), "0.0.1\n");
    expect(templateUsable(other)).toBe(false);
    const empty = path.join(root, "empty");
    mkdirSync(empty);
    expect(copyClusterTemplate(empty, other)).toBe(false);
    const busy = path.join(root, "busy");
    mkdirSync(busy);
    writeFileSync(path.join(busy, "something"), "");
    expect(copyClusterTemplate(busy, template)).toBe(false);
  });
});
