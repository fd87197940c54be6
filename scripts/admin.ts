// Administrator CLI:
//   `npm run admin -- set-password [--password VALUE]`: without --password it asks on the terminal, or generates a
//     strong password when there is no terminal.
//   `npm run admin -- rotate-secrets [--old-secret VALUE]`: after changing AUTH_SECRET, encrypts the webhook
//     signing secrets again under the new one (without --old-secret it asks on the terminal; with no terminal and
//     no value, the secret generated while AUTH_SECRET was unset is taken as the previous one).
//   `npm run admin -- backup | restore | move-to-postgres`: backup archives, see scripts/admin-backup.ts.
// With the embedded database (PGlite), stop the server first: one process at a time may open the data folder
// (`backup` excepted: a running server writes the archive itself).
import { createInterface } from "node:readline/promises";
import "./check-node.ts";
import {
  BACKUP_COMMANDS,
  BACKUP_USAGE,
  type BackupCli,
  backupThroughSocketOnly,
  runBackupCommand,
} from "./admin-backup.ts";
import { buildIfNeeded } from "./build-if-needed.ts";

const [command, ...rest] = process.argv.slice(2);
const usage =
  "Usage: npm run admin -- set-password [--password VALUE]\n" +
  "       npm run admin -- rotate-secrets [--old-secret PREVIOUS_AUTH_SECRET]\n" +
  BACKUP_USAGE;

if (command !== "set-password" && command !== "rotate-secrets" && !BACKUP_COMMANDS.includes(command ?? "")) {
  console.error(command ? `Unknown command: ${command}\n${usage}` : usage);
  process.exit(2);
}

if (command === "backup") {
  const status = await backupThroughSocketOnly(rest);
  if (status !== undefined) process.exit(status);
}

if (command && BACKUP_COMMANDS.includes(command)) {
  buildIfNeeded();
  process.env.NODE_ENV ??= "production";
  const build = (await import(new URL("../build/server/index.js", import.meta.url).href)) as {
    adminCli: BackupCli;
  };
  process.exit(await runBackupCommand(build.adminCli, command, rest));
}

function flag(name: string): string | undefined {
  const at = rest.indexOf(name);
  return at >= 0 ? rest[at + 1] : undefined;
}

async function ask(question: string): Promise<string | undefined> {
  if (!process.stdin.isTTY) return undefined;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = (await rl.question(question)).trim();
  rl.close();
  return answer || undefined;
}

const value =
  command === "set-password"
    ? (flag("--password") ??
      (await ask(
        "New administrator password (at least 10 characters, not a common one; empty to generate): ",
      )))
    : (flag("--old-secret") ??
      (await ask("The previous AUTH_SECRET (empty: the one generated while AUTH_SECRET was unset): ")));

buildIfNeeded();
// Set before the app loads: it reads NODE_ENV once, as its environment is validated.
process.env.NODE_ENV ??= "production";
const entry = new URL("../build/server/index.js", import.meta.url).href;
const server = (await import(entry)) as {
  adminCli: {
    setPassword(password?: string): Promise<{ email: string; password: string; generated: boolean }>;
    rotateSecrets(oldSecret?: string): Promise<{
      encrypted: number;
      reencrypted: number;
      unreadable: number;
      captcha: "reencrypted" | "unreadable" | "unchanged";
    }>;
  };
  env(): { adminPassword: string | undefined };
};

if (command === "rotate-secrets") {
  try {
    const result = await server.adminCli.rotateSecrets(value);
    console.log(
      `\nWebhook secrets: ${result.reencrypted} encrypted again under the current AUTH_SECRET, ` +
        `${result.encrypted} stored unencrypted and now encrypted.`,
    );
    if (result.captcha === "reencrypted") console.log("The captcha secret key: encrypted again.");
    if (result.captcha === "unreadable") {
      console.warn(
        "The captcha secret key could be opened with neither secret: enter it again under Admin → Integrations → " +
          "Captcha.",
      );
    }
    if (result.unreadable) {
      console.warn(
        `${result.unreadable} could be opened with neither the current nor the previous secret: rotate those ` +
          "endpoints' secrets under Admin → Integrations → Webhooks, and give the receivers the new ones.",
      );
      process.exit(1);
    }
    process.exit(0);
  } catch (error) {
    console.error(
      `\nCould not rotate the secrets: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
}

try {
  const result = await server.adminCli.setPassword(value);
  console.log(`\nPassword updated for ${result.email}. Every existing session was signed out.`);
  if (result.generated) console.log(`New password (shown once): ${result.password}\n`);
  if (server.env().adminPassword) {
    console.warn(
      "Note: ADMIN_PASSWORD is set in this environment; the server applies it again at its next start. " +
        "Remove it (or change it too) to keep the password you just set.",
    );
  }
  process.exit(0);
} catch (error) {
  console.error(`\nCould not set the password: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
