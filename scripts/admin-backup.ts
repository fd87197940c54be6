// The backup commands of the administrator CLI (scripts/admin.ts), run against the production build's adminCli:
//   backup [--to DIR] [--verify [ARCHIVE]]   restore ARCHIVE [--force]   move-to-postgres DATABASE_URL
// See README.md, "Backups" and "Outgrowing one machine", and docs/decisions/050-backup-archives.md.
import { statSync } from "node:fs";
import path from "node:path";
import { backupThroughServer } from "../server/admin-socket-client.ts";

interface Manifest {
  product: string;
  schema: { version: number };
  tables: Record<string, { rows: number }>;
  uploads: { files: number; bytes: number };
}

export interface BackupCli {
  backup(
    to?: string,
  ): Promise<{ file: string; manifest: Manifest; phases: Record<string, number>; through: string }>;
  verify(
    file: string,
  ): Promise<{ manifest: Manifest; tables: number; rows: number; phases: Record<string, number> }>;
  restore(
    file: string,
    options: { force?: boolean; onReplace?: (description: string) => void },
  ): Promise<{
    manifest: Manifest;
    replaced: Record<string, number>;
    schema: number;
    phases: Record<string, number>;
  }>;
  moveToPostgres(url: string): Promise<{ manifest: Manifest; schema: number; ms: number }>;
}

export const BACKUP_COMMANDS = ["backup", "restore", "move-to-postgres"];

export const BACKUP_USAGE =
  "       npm run admin -- backup [--to DIR] [--verify [ARCHIVE]]\n" +
  "       npm run admin -- restore ARCHIVE [--force]\n" +
  "       npm run admin -- move-to-postgres DATABASE_URL";

const rows = (m: Manifest) => Object.values(m.tables).reduce((sum, t) => sum + t.rows, 0);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const describe = (m: Manifest) =>
  `${Object.keys(m.tables).length} tables, ${rows(m)} rows, ${m.uploads.files} uploads (${mb(m.uploads.bytes)}); ` +
  `schema ${m.schema.version}, version ${m.product}`;

/** The value after `name` in `args` (not another option), if any. */
function optionValue(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  const next = at >= 0 ? args[at + 1] : undefined;
  return next && !next.startsWith("--") ? next : undefined;
}

/** What `backup` prints once the archive is written. */
function reportWritten(written: { file: string; manifest: Manifest; through: string }, started: number) {
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Backup written by ${written.through} in ${seconds} s: ${written.file} (${mb(statSync(written.file).size)})`,
  );
  console.log(`  ${describe(written.manifest)}`);
}

const failed = (command: string, error: unknown) => {
  console.error(`\n${command} failed: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
};

/** Runs one backup command; answers the exit status. Errors are printed as their message, without a stack. */
export async function runBackupCommand(cli: BackupCli, command: string, args: string[]): Promise<number> {
  const value = (name: string) => optionValue(args, name);
  const positional = args.filter((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--"));
  try {
    if (command === "backup") {
      const verifyOnly = args.includes("--verify") ? value("--verify") : undefined;
      let file = verifyOnly;
      if (!file) {
        const started = performance.now();
        const written = await cli.backup(value("--to"));
        file = written.file;
        reportWritten(written, started);
      }
      if (args.includes("--verify")) {
        const started = performance.now();
        const checked = await cli.verify(file);
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        console.log(
          `Verified in ${seconds} s: every checksum matches, and ${checked.tables} tables (${checked.rows} rows) ` +
            "restored into a scratch database read back the same, table by table.",
        );
      }
      return 0;
    }
    if (command === "restore") {
      const file = positional[0];
      if (!file) throw new Error("Which archive? npm run admin -- restore ARCHIVE [--force]");
      const restored = await cli.restore(file, {
        force: args.includes("--force"),
        onReplace: (description) => console.warn(`--force: ${description}`),
      });
      console.log(`Restored ${file}: ${describe(restored.manifest)}.`);
      if (restored.schema !== restored.manifest.schema.version) {
        console.log(
          `  Migrated forward from schema ${restored.manifest.schema.version} to ${restored.schema}.`,
        );
      }
      return 0;
    }
    const url = positional[0];
    if (!url)
      throw new Error("Where to? npm run admin -- move-to-postgres postgres://user:password@host/database");
    const moved = await cli.moveToPostgres(url);
    console.log(
      `Moved to PostgreSQL in ${(moved.ms / 1000).toFixed(1)} s and verified: ${describe(moved.manifest)}.`,
    );
    console.log("Uploads stay where they are. Start the server with DATABASE_URL set to that database.");
    return 0;
  } catch (error) {
    return failed(command, error);
  }
}

/**
 * `backup` without `--verify` on the embedded database while a server holds the data folder: the server writes the
 * archive, so the CLI only asks it through the admin socket, without checking the build or loading the server
 * bundle (about a second of CPU, taken from the server it asks on a small machine; docs/performance.md). Answers
 * the exit status, or undefined when that is not the case (no server there, PostgreSQL, `--verify`): then the CLI
 * goes the usual way. DATA_DIR and DATABASE_URL are read as the app reads them (app/env.server.ts).
 */
export async function backupThroughSocketOnly(args: string[]): Promise<number | undefined> {
  if (args.includes("--verify") || process.env.DATABASE_URL) return undefined;
  const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
  const to = path.resolve(optionValue(args, "--to") ?? path.join(dataDir, "backups"));
  const started = performance.now();
  try {
    const answered = await backupThroughServer(dataDir, to);
    if (!answered) return undefined;
    reportWritten({ ...answered, through: "the running server" }, started);
    return 0;
  } catch (error) {
    return failed("backup", error);
  }
}
