// Part of the build: makes the empty PGlite cluster a new data folder starts from (app/db/pglite-template.server.ts),
// in this short-lived process, so the server never runs PGlite's memory-hungry `initdb` itself (ADR 025).
import path from "node:path";
import {
  createClusterTemplate,
  defaultTemplateFolder,
  templateUsable,
} from "../app/db/pglite-template.server.ts";

const folder = process.argv[2] ? path.resolve(process.argv[2]) : defaultTemplateFolder();
if (!templateUsable(folder)) {
  const started = performance.now();
  await createClusterTemplate(folder);
  console.log(`PGlite cluster template made in ${Math.round(performance.now() - started)} ms: ${folder}`);
}
