// Only app/models/ and app/db/ import the database client or the schema: the lint rule (noRestrictedImports in
// biome.jsonc) is run with the project's configuration on probe files in a scratch folder laid out like the
// project, so it is shown to refuse the imports outside the allowed places and to let the allowed ones through.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const scratches: string[] = [];
afterAll(() => {
  for (const scratch of scratches) rmSync(scratch, { recursive: true, force: true });
});

const IMPORTS = {
  client: 'import { db } from "~/db/client.server";\n\nexport const probe = db;\n',
  schema: 'import { rateLimits } from "~/db/schema";\n\nexport const probe = rateLimits;\n',
  typeOnly: 'import type { ContentKind } from "~/db/schema";\n\nexport const probe: ContentKind = "blog";\n',
  relative: 'import { db } from "../db/client.server";\n\nexport const probe = db;\n',
};

/** The probe files that fail the lint rule, after writing `files` (path → source) into the scratch project. */
function refused(files: Record<string, string>): string[] {
  const scratch = mkdtempSync(path.join(tmpdir(), "database-imports-"));
  scratches.push(scratch);
  copyFileSync(path.join(root, "biome.jsonc"), path.join(scratch, "biome.jsonc"));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    writeFileSync(path.join(scratch, file), source);
  }
  const run = spawnSync(
    path.join(root, "node_modules/.bin/biome"),
    ["lint", "--vcs-enabled=false", "--max-diagnostics=100", "."],
    { cwd: scratch, encoding: "utf8" },
  );
  const output = `${run.stdout}${run.stderr}`;
  expect(output).toContain("Checked");
  // A file may break another layer rule as well (app/lib imports no *.server module): counted once.
  const offenders = [...output.matchAll(/^(\S+):\d+:\d+ lint\/style\/noRestrictedImports/gm)].map(
    (m) => m[1] ?? "",
  );
  return [...new Set(offenders)].sort();
}

describe("the database is imported only by the models and app/db", () => {
  it("refuses the client and the schema (values, types, relative paths) anywhere else", () => {
    expect(
      refused({
        "app/lib/a.server.ts": IMPORTS.client,
        "app/auth/b.server.ts": IMPORTS.schema,
        "app/routes/c.tsx": IMPORTS.typeOnly,
        "app/lib/d.server.ts": IMPORTS.relative,
        "server/app.ts": IMPORTS.client,
        "server/lifecycle.ts": IMPORTS.client,
        "scripts/e.ts": IMPORTS.schema,
      }),
    ).toEqual([
      "app/auth/b.server.ts",
      "app/lib/a.server.ts",
      "app/lib/d.server.ts",
      "app/routes/c.tsx",
      "scripts/e.ts",
      "server/app.ts",
      "server/lifecycle.ts",
    ]);
  });

  it("lets the models, app/db and tests import them", () => {
    expect(
      refused({
        "app/models/a.server.ts": IMPORTS.client,
        "app/db/b.server.ts": IMPORTS.schema,
        "app/lib/c.int.test.ts": IMPORTS.client,
        "tests/support/d.ts": IMPORTS.schema,
      }),
    ).toEqual([]);
  });
});
