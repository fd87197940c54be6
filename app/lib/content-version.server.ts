// One counter for "what the public site shows": every content, settings, showcase or social-link write bumps it.
// Caches of public pages key on it, so a write is visible on the very next request — also on other instances
// sharing the database, because the counter lives in the database (app_meta), not in this process.
import { sql } from "drizzle-orm";
import { db, rowsOf } from "~/db/client.server";

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
