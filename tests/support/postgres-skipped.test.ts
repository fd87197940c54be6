// Stands in for the PostgreSQL run of the integration tests when no database is given (vitest.config.ts): each
// file of that run is reported as skipped, with the reason, instead of the run silently leaving it out. None is
// loaded.
import { inject, it } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The integration files of the PostgreSQL run (vitest.config.ts). */
    onPostgres: string[];
  }
}

for (const file of inject("onPostgres")) {
  it.skip(`${file} on PostgreSQL (needs PostgreSQL: set TEST_DATABASE_URL)`, () => {});
}
