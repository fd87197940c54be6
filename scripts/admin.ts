// Administrator CLI: `npm run admin -- set-password [--password VALUE]`.
// Without --password it asks on the terminal, or generates a strong password when there is no terminal.
// With the embedded database (PGlite), stop the server first: one process at a time may open the data folder.
import { createInterface } from "node:readline/promises";
import "./check-node.ts";
import { buildIfNeeded } from "./build-if-needed.ts";

const [command, ...rest] = process.argv.slice(2);
const usage = "Usage: npm run admin -- set-password [--password VALUE]";

if (command !== "set-password") {
  console.error(command ? `Unknown command: ${command}\n${usage}` : usage);
  process.exit(2);
}

let password: string | undefined;
const flag = rest.indexOf("--password");
if (flag >= 0) password = rest[flag + 1];

if (!password && process.stdin.isTTY) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  password = (
    await rl.question("New administrator password (at least 6 characters, empty to generate): ")
  ).trim();
  rl.close();
}

buildIfNeeded();
process.env.NODE_ENV ??= "production";
const entry = new URL("../build/server/index.js", import.meta.url).href;
const server = (await import(entry)) as {
  adminCli: {
    setPassword(password?: string): Promise<{ email: string; password: string; generated: boolean }>;
  };
};
try {
  const result = await server.adminCli.setPassword(password || undefined);
  console.log(`\nPassword updated for ${result.email}. Every existing session was signed out.`);
  if (result.generated) console.log(`New password (shown once): ${result.password}\n`);
  if (process.env.ADMIN_PASSWORD) {
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
