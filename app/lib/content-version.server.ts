// One counter for "what the public site shows": every content, settings, showcase or social-link write bumps it.
// Caches of public pages key on it, so a write is visible on the very next request — also on other instances
// sharing the database, because the counter lives in the database (app_meta), not in this process.
import { sql } from "drizzle-orm";
import { database, db, rowsOf } from "~/db/client.server";

const KEY = "content_version";

/** Call after every write that changes what a public page shows (in the same request, after the commit). */
export async function contentChanged(): Promise<number> {
  const rows = await db().execute<{ value: string }>(sql`
    insert into app_meta (key, value) values (${KEY}, '1')
    on conflict (key) do update set value = (app_meta.value::bigint + 1)::text, updated_at = now()
    returning value`);
  const version = Number(rowsOf<{ value: string }>(rows)[0]?.value ?? 0);
  for (const listener of listeners) listener(version);
  return version;
}

/** The current version (0 before the first write). */
export async function currentContentVersion(): Promise<number> {
  const rows = await db().execute<{ value: string }>(sql`select value from app_meta where key = ${KEY}`);
  return Number(rowsOf<{ value: string }>(rows)[0]?.value ?? 0);
}

type Listener = (version: number) => void;
const listeners = new Set<Listener>();

/** In-process subscribers (the page cache) hear about this instance's writes at once. */
export function onContentChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let localVersion: number | undefined;
let following = false;

/**
 * The version a cache must match, as cheaply as correctness allows. With PGlite only this process can write, so
 * the version is read once and then followed in memory. With PostgreSQL other instances write too, so the version
 * row is read for every request (one primary-key read, shared by the requests of one event-loop turn): another
 * instance's write is seen on the next request.
 */
export async function contentVersionNow(): Promise<number> {
  if (database().kind === "postgres") return sharedVersionRead();
  if (localVersion === undefined) {
    localVersion = await currentContentVersion();
    if (!following) {
      following = true;
      onContentChanged((v) => {
        localVersion = v;
      });
    }
  }
  return localVersion;
}

/**
 * A bounded in-memory cache whose entries are valid only at the content version they were made at. Used for
 * public pages (page cache) and content API reads.
 */
export class VersionedCache<T> {
  readonly #entries = new Map<string, { version: number; value: T }>();
  constructor(readonly maxEntries: number) {}

  /** The entry for `key` if it was made at `version` (and marks it recently used). */
  get(key: string, version: number): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** The entry for `key` whatever its version: better than nothing while the database is unreachable. */
  stale(key: string): T | undefined {
    return this.#entries.get(key)?.value;
  }

  set(key: string, version: number, value: T) {
    this.#entries.delete(key);
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { version, value });
  }
}

let nextRead: Promise<number> | undefined;

/**
 * Requests that arrive in the same turn of the event loop share one read of the version row. The read starts
 * after all of them arrived, so each still sees every write committed before it arrived; under load this turns
 * one query per request into one per turn.
 */
function sharedVersionRead(): Promise<number> {
  nextRead ??= new Promise<number>((resolve, reject) => {
    setImmediate(() => {
      nextRead = undefined;
      currentContentVersion().then(resolve, reject);
    });
  });
  return nextRead;
}
