// The object store of this process: S3 when S3_BUCKET is set, else local disk under DATA_DIR/uploads.
import path from "node:path";
import { env } from "~/env.server";
import { localStore } from "./local-disk.server";
import type { ObjectStore } from "./object-store.server";
import { s3Store } from "./s3.server";

let configured: ObjectStore | undefined;

/** The store of this process: S3 when configured, else DATA_DIR/uploads. */
export function objectStore(): ObjectStore {
  if (!configured) {
    const { s3, dataDir } = env();
    configured = s3 ? s3Store(s3) : localStore(path.join(dataDir, "uploads"));
  }
  return configured;
}

// ---------------------------------------------------------------------------------------------------------------
