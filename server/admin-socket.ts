// The running server's admin socket: with the embedded database only one process may open DATA_DIR/pglite, so
// `npm run admin -- backup` asks the server that holds it to write the archive. The server listens on a Unix
// socket, DATA_DIR/admin.sock, readable and writable by its own user only (made under umask 077, then chmod 600):
// no TCP port, nothing a proxy in front could forward, and the file system's permissions are the authentication
// (docs/decisions/050-backup-archives.md). PostgreSQL servers open none: the CLI reads PostgreSQL itself.
import { rmSync } from "node:fs";
import { chmod } from "node:fs/promises";
import { createServer } from "node:http";
import path from "node:path";
import { logger } from "~/infra/logger.server";
import { type BackupResult, createBackup } from "~/models/backups.server";
import { adminSocketPath } from "./admin-socket-client";

/** The backup as the socket answers it. */
export type SocketBackup = Pick<BackupResult, "file" | "manifest" | "phases">;

/** Listens on DATA_DIR/admin.sock; answers POST /backup {"to": folder}. Resolves to a function that closes it. */
export async function startAdminSocket(dataDir: string): Promise<() => Promise<void>> {
  const socket = adminSocketPath(dataDir);
  // This process holds the data folder's lock, so a socket file left here is a killed server's.
  rmSync(socket, { force: true });
  const server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    if (req.method !== "POST" || req.url !== "/backup")
      return answer(404, { error: "Unknown admin request." });
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      text += chunk;
      if (text.length > 4096) req.destroy();
    });
    req.on("end", async () => {
      let to: unknown;
      try {
        to = (JSON.parse(text) as { to?: unknown }).to;
      } catch {}
      if (typeof to !== "string" || !path.isAbsolute(to)) {
        return answer(400, { error: "The backup folder must be an absolute path." });
      }
      try {
        const { file, manifest, phases } = await createBackup({ to });
        logger.info({ file, phases }, "backup written for the admin CLI");
        answer(200, { file, manifest, phases } satisfies SocketBackup);
      } catch (error) {
        logger.error({ err: error }, "backup for the admin CLI failed");
        answer(500, { error: error instanceof Error ? error.message : String(error) });
      }
    });
  });
  const umask = process.umask(0o077);
  try {
    server.listen(socket);
  } finally {
    process.umask(umask);
  }
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  await chmod(socket, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(socket, { force: true });
  };
}
