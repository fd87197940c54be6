// Stands in for the PostgreSQL run of the integration tests when no database is given (vitest.config.ts): each
// file is reported as skipped, with the reason, instead of the run silently leaving it out. The glob only lists
// the files; none is loaded.
import { it } from "vitest";

const files = Object.keys(
  import.meta.glob([
    "/app/**/*.int.test.ts",
    "/server/**/*.int.test.ts",
    "/tests/integration/**/*.int.test.ts",
  ]),
);

for (const file of files) {
  it.skip(`${file.slice(1)} on PostgreSQL (needs PostgreSQL: set TEST_DATABASE_URL)`, () => {});
}
