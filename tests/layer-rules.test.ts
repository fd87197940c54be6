// The layer rules of biome.jsonc (docs/architecture.md, Layers and where code goes; ADR 043) fail lint on a new
// import that breaks them: each case writes a file with one import into a layer's folder, lints it with Biome and
// expects the rule's message, and a permitted import in the same place passes. The file is removed afterwards.
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const biome = path.join(root, "node_modules/.bin/biome");

/** Lints a file holding `source` at `folder` (relative to the repository) and returns Biome's verdict. */
function lint(folder: string, source: string): { ok: boolean; output: string } {
  const file = path.join(root, folder, `layer-rule-fixture-${process.pid}.ts`);
  writeFileSync(file, source);
  try {
    const run = spawnSync(biome, ["lint", "--colors=off", path.relative(root, file)], {
      cwd: root,
      encoding: "utf8",
    });
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(file, { force: true });
  }
}

const using = (names: string) => `export const used = [${names}];\n`;

const cases: { layer: string; folder: string; forbidden: string; names: string; message: string }[] = [
  {
    layer: "app/lib imports a model",
    folder: "app/lib",
    forbidden: 'import { captureLead } from "~/models/leads.server";\n',
    names: "captureLead",
    message: "app/lib/ holds rules and helpers below the models, routes and components",
  },
  {
    layer: "app/lib imports a route",
    folder: "app/lib",
    forbidden: 'import { action } from "~/routes/admin/team";\n',
    names: "action",
    message: "app/lib/ holds rules and helpers below the models, routes and components",
  },
  {
    layer: "app/lib imports a component",
    folder: "app/lib",
    forbidden: 'import { showToast } from "~/components/ui/toaster";\n',
    names: "showToast",
    message: "app/lib/ holds rules and helpers below the models, routes and components",
  },
  {
    layer: "app/lib imports server infrastructure",
    folder: "app/lib",
    forbidden: 'import { logger } from "~/infra/logger.server";\n',
    names: "logger",
    message: "app/lib/ and app/components/ hold only code the browser may load",
  },
  {
    layer: "app/lib imports a server module",
    folder: "app/lib",
    forbidden: 'import { env } from "~/env.server";\n',
    names: "env",
    message: "app/lib/ and app/components/ hold only code the browser may load",
  },
  {
    layer: "a component imports server infrastructure",
    folder: "app/components/site",
    forbidden: 'import { clientKey } from "~/infra/request-context.server";\n',
    names: "clientKey",
    message: "app/lib/ and app/components/ hold only code the browser may load",
  },
  {
    layer: "a component imports a route",
    folder: "app/components/admin",
    forbidden: 'import { action } from "~/routes/admin/team";\n',
    names: "action",
    message: "Components do not import routes",
  },
  {
    layer: "app/ imports the HTTP host",
    folder: "app",
    forbidden: 'import { createApp } from "../server/app";\n',
    names: "createApp",
    message: "Nothing in app/ imports server/",
  },
  {
    layer: "a model imports react-router",
    folder: "app/models",
    forbidden: 'import { redirect } from "react-router";\n',
    names: "redirect",
    message: "Models take and return domain values, not HTTP",
  },
  {
    layer: "a route inspects a database error",
    folder: "app/routes/admin",
    forbidden: 'import { isUniqueViolation } from "~/db/sql-helpers.server";\n',
    names: "isUniqueViolation",
    message: "Routes do not inspect database errors",
  },
  {
    layer: "a route imports the database client",
    folder: "app/routes/admin",
    forbidden: 'import { db } from "~/db/client.server";\n',
    names: "db",
    message: "Only app/models/ (and app/db/) touch the database",
  },
];

describe("layer rules (biome.jsonc)", () => {
  it.each(cases)("lint fails when $layer", ({ folder, forbidden, names, message }) => {
    const result = lint(folder, `${forbidden}${using(names)}`);
    expect(result.ok).toBe(false);
    expect(result.output).toContain("lint/style/noRestrictedImports");
    expect(result.output).toContain(message);
  });

  it("passes the imports each layer may make", () => {
    const allowed = [
      { folder: "app/lib", line: 'import { slugify } from "./content";\n', names: "slugify" },
      {
        folder: "app/components/admin",
        line: 'import { slugify } from "~/lib/content";\n',
        names: "slugify",
      },
      {
        folder: "app/routes/admin",
        line: 'import { captureLead } from "~/models/leads.server";\n',
        names: "captureLead",
      },
      { folder: "app/models", line: 'import { db } from "~/db/client.server";\n', names: "db" },
    ];
    for (const { folder, line, names } of allowed) {
      const result = lint(folder, `${line}${using(names)}`);
      expect(result.output, folder).not.toContain("noRestrictedImports");
      expect(result.ok, folder).toBe(true);
    }
  });
});
