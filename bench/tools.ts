// The programs the benchmark drives: nginx (the yardstick) and wrk (the load generator), both from Debian. When one
// is missing it is installed the way .ci/run installs packages (apt-get as root, sudo without a password
// otherwise); when that is impossible, the caller is told exactly what to run.
import { execFileSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import path from "node:path";

/** The executable `name` in PATH or in `extraDirs` (nginx lives in /usr/sbin, often not in a user's PATH). */
function findExecutable(name: string, extraDirs: string[] = []): string | undefined {
  const dirs = [...(process.env.PATH ?? "").split(path.delimiter), ...extraDirs];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

let aptUpdated = false;

/** apt-get as root, or through sudo when it needs no password; false when neither is possible. */
function aptInstall(pkg: string): boolean {
  const asRoot = process.getuid?.() === 0;
  const run = (args: string[]) =>
    asRoot
      ? execFileSync("apt-get", args, {
          stdio: "ignore",
          env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
        })
      : execFileSync("sudo", ["-n", "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", ...args], {
          stdio: "ignore",
        });
  try {
    if (!findExecutable("apt-get")) return false;
    if (!aptUpdated) {
      run(["update", "-qq"]);
      aptUpdated = true;
    }
    run(["install", "-y", "-qq", pkg]);
    return true;
  } catch {
    return false;
  }
}

/**
 * The path of `binary`, installing Debian's `pkg` when it is missing. Undefined when it is missing and cannot be
 * installed here (no apt-get, not root and no password-less sudo, no network).
 */
export function ensureTool(binary: string, pkg: string): string | undefined {
  const sbin = ["/usr/sbin", "/usr/local/sbin", "/sbin"];
  const found = findExecutable(binary, sbin);
  if (found) return found;
  console.log(`bench: ${binary} is missing, installing Debian's ${pkg}…`);
  if (!aptInstall(pkg)) return undefined;
  return findExecutable(binary, sbin);
}

export function installHint(pkg: string): string {
  return `install it with \`sudo apt-get install ${pkg}\` (Debian/Ubuntu) and run the benchmark again`;
}
