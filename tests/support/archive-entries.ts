// The entry names of a backup archive's bytes (a gzip-compressed tar), for tests that check what was written or
// downloaded without restoring it.
import { gunzipSync } from "node:zlib";
import { extract } from "tar-stream";

export async function archiveEntries(bytes: Uint8Array): Promise<string[]> {
  const names: string[] = [];
  const tar = extract();
  const done = new Promise<void>((resolve, reject) => {
    tar.on("entry", (header, stream, next) => {
      names.push(header.name);
      stream.on("end", next);
      stream.resume();
    });
    tar.on("finish", resolve);
    tar.on("error", reject);
  });
  tar.end(gunzipSync(bytes));
  await done;
  return names;
}
