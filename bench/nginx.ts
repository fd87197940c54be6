// nginx serving exactly the bytes our server answered, as the yardstick (docs/performance.md). It runs without root
// from a generated configuration in a temporary folder: no daemon (the master is our child process, stopped with
// the benchmark), pid, logs and temporary files in that folder, one worker per CPU, keep-alive without a request
// cap, sendfile, no access log, and each file served at its own path with the Content-Type we sent.
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../scripts/free-port.ts";

export interface StaticCopy {
  /** The request path (a query string is ignored: nginx matches the path). */
  path: string;
  contentType: string;
  body: Buffer;
}

interface Nginx {
  base: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

/** nginx strings in double quotes: backslash and quote escaped. */
const quoted = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

function nginxConfig(dir: string, port: number, files: { location: string; file: string; type: string }[]) {
  const temp = path.join(dir, "temp");
  const locations = files
    .map(
      (f) =>
        `    location = ${quoted(f.location)} { default_type ${quoted(f.type)}; try_files /${f.file} =404; }`,
    )
    .join("\n");
  return `daemon off;
worker_processes ${os.availableParallelism()};
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  keepalive_requests 1000000;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  types {}
  server {
    listen 127.0.0.1:${port};
    root ${path.join(dir, "files")};
${locations}
  }
}
`;
}

/** Starts nginx (the binary at `binary`) serving `copies`; resolves once the first one answers 200. */
export async function startNginx(binary: string, copies: StaticCopy[]): Promise<Nginx> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "asimov-nginx-"));
  // Started by root, nginx's workers run as an unprivileged user: they must be able to read the files.
  chmodSync(dir, 0o755);
  mkdirSync(path.join(dir, "files"), { mode: 0o755 });
  mkdirSync(path.join(dir, "temp"));
  const files = copies.map((copy, i) => {
    const file = `t${i}`;
    writeFileSync(path.join(dir, "files", file), copy.body, { mode: 0o644 });
    return { location: copy.path.split("?")[0] ?? "/", file, type: copy.contentType };
  });
  const port = await freePort();
  writeFileSync(path.join(dir, "nginx.conf"), nginxConfig(dir, port, files));
  // -e: the error log before the configuration is read (the default one is under /var/log, not writable).
  const proc = spawn(
    binary,
    ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log")],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  const base = `http://127.0.0.1:${port}`;
  const stop = async (keepFiles = false) => {
    if (proc.exitCode === null && proc.signalCode === null) {
      const exited = new Promise((r) => proc.once("exit", r));
      proc.kill("SIGTERM");
      await exited;
    }
    if (!keepFiles) rmSync(dir, { recursive: true, force: true });
  };
  // Every copy must come back as it was written, or the comparison means nothing.
  const until = Date.now() + 10_000;
  for (const [i, copy] of copies.entries()) {
    for (;;) {
      if (proc.exitCode !== null)
        throw new Error(`nginx exited with ${proc.exitCode} (see ${dir}/error.log)`);
      const answer = await fetch(`${base}${files[i]?.location}`).catch(() => undefined);
      const body = answer ? Buffer.from(await answer.arrayBuffer()) : undefined;
      if (answer?.status === 200 && body?.equals(copy.body)) break;
      if (Date.now() > until) {
        await stop(true);
        throw new Error(`nginx did not serve ${copy.path} (answer ${answer?.status}; see ${dir}/error.log)`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return { base, proc, stop: () => stop() };
}
