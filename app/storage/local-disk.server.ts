// The object store on local disk: one file per key under a root folder (DATA_DIR/uploads by default).
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { contentTypeForKey, type ObjectStore, parseRange } from "./object-store.server";

export function localStore(root: string): ObjectStore {
  const fileOf = (key: string) => path.join(root, ...key.split("/"));
  return {
    kind: "local",
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(tmp, body);
      await rename(tmp, file);
    },
    async get(key, rangeHeader) {
      const file = fileOf(key);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      const range = parseRange(rangeHeader, info.size);
      const stream = createReadStream(file, range ? { start: range.start, end: range.end } : {});
      return {
        body: Readable.toWeb(stream) as ReadableStream<Uint8Array>,
        size: info.size,
        contentType: contentTypeForKey(key),
        range,
      };
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async *list() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith(".tmp")) continue;
        const file = path.join(entry.parentPath, entry.name);
        const info = await stat(file).catch(() => undefined);
        if (info) yield { key: path.relative(root, file).split(path.sep).join("/"), size: info.size };
      }
    },
  };
}
