// The client side of the running server's admin socket (server/admin-socket.ts): asks the server that holds
// DATA_DIR to write a backup. Node's own modules only, so the administrator CLI can load it without the server
// bundle (scripts/admin-backup.ts) and the server's lifecycle can too.
import { existsSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import type { SocketBackup } from "./admin-socket";

export function adminSocketPath(dataDir: string): string {
  return path.join(dataDir, "admin.sock");
}

/**
 * Asks the server running on `dataDir` to write a backup into `to`. Answers undefined when no server listens
 * there (no socket, or a stale one), so the caller opens the data folder itself.
 */
export function backupThroughServer(dataDir: string, to: string): Promise<SocketBackup | undefined> {
  const socketPath = adminSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, method: "POST", path: "/backup" }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () => {
        try {
          const body = JSON.parse(text) as SocketBackup & { error?: string };
          if (res.statusCode === 200) resolve(body);
          else
            reject(
              new Error(`The running server could not write the backup: ${body.error ?? res.statusCode}`),
            );
        } catch {
          reject(new Error(`The running server answered ${res.statusCode} without a readable body.`));
        }
      });
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED" || error.code === "ENOENT") resolve(undefined);
      else reject(error);
    });
    req.end(JSON.stringify({ to }));
  });
}
