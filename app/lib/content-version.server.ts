// Version counters caches key on. "What the public site shows": every content, settings, showcase or social-link
// write bumps it, so cached pages and API reads change on the very next request — also on other instances sharing
// the database, because the counter lives in the database (app_meta), not in this process. The API keys have a
// counter of their own, so verified keys can be remembered until a key changes.
import { sql } from "drizzle-orm";
import { database, db, rowsOf } from "~/db/client.server";

type Listener = (version: number) => void;

/**
 * A counter in app_meta that writers bump and caches key on. Bumps are seen by this process at once (listeners)
 * and by other instances on their next read, because the counter lives in the database, not in this process.
 */
function versionCounter(key: string) {
  const listeners = new Set<Listener>();
  let localVersion: number | undefined;
  let following = false;
  let nextRead: Promise<number> | undefined;

  async function current(): Promise<number> {
    const rows = await db().execute<{ value: string }>(sql`select value from app_meta where key = ${key}`);
    return Number(rowsOf<{ value: string }>(rows)[0]?.value ?? 0);
  }

  /**
   * Requests that arrive in the same turn of the event loop share one read of the row. The read starts after all
   * of them arrived, so each still sees every write committed before it arrived; under load this turns one query
   * per request into one per turn.
   */
  function sharedRead(): Promise<number> {
    nextRead ??= new Promise<number>((resolve, reject) => {
      setImmediate(() => {
        nextRead = undefined;
        current().then(resolve, reject);
      });
    });
    return nextRead;
  }

  return {
    /** Call after every write the counter stands for (in the same request, after the commit). */
    async changed(): Promise<number> {
      const rows = await db().execute<{ value: string }>(sql`
        insert into app_meta (key, value) values (${key}, '1')
        on conflict (key) do update set value = (app_meta.value::bigint + 1)::text, updated_at = now()
        returning value`);
      const version = Number(rowsOf<{ value: string }>(rows)[0]?.value ?? 0);
      for (const listener of listeners) listener(version);
      return version;
    },
    /** The current version (0 before the first write), read from the database. */
    current,
    /**
     * The version a cache must match, as cheaply as correctness allows. With PGlite only this process can write,
     * so the version is read once and then followed in memory. With PostgreSQL other instances write too, so the
     * row is read for every request (one primary-key read, shared by the requests of one event-loop turn):
     * another instance's write is seen on the next request.
     */
    async now(): Promise<number> {
      if (database().kind === "postgres") return sharedRead();
      if (localVersion === undefined) {
        localVersion = await current();
        if (!following) {
          following = true;
          listeners.add((v) => {
            localVersion = v;
          });
        }
      }
      return localVersion;
    },
    /** In-process subscribers hear about this instance's bumps at once. */
    onChanged(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** What the public site shows: every content, settings, showcase or social-link write bumps it. */
const content = versionCounter("content_version");
/** The content API keys: every create, activation change or deletion bumps it. */
const apiKeys = versionCounter("api_keys_version");

export const contentChanged = content.changed;
export const currentContentVersion = content.current;
export const contentVersionNow = content.now;
export const onContentChanged = content.onChanged;
export const apiKeysChanged = apiKeys.changed;
export const apiKeysVersionNow = apiKeys.now;

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

  /** Drops every entry whose key passes `test`. */
  deleteWhere(test: (key: string) => boolean) {
    for (const key of [...this.#entries.keys()]) if (test(key)) this.#entries.delete(key);
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
