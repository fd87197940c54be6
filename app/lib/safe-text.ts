// The one boundary for text that becomes data. PostgreSQL refuses two things JavaScript strings can hold: the NUL
// character (in `text` and in `jsonb`) and a lone half of a UTF-16 surrogate pair (in `jsonb`, and as invalid UTF-8
// on the wire), which is what `slice()` leaves when it cuts an emoji in two. One such value in a batch statement
// fails the whole batch, so every string from a visitor or a remote server passes through here before it is stored.

/**
 * The string made safe for `text` and `jsonb` columns: NUL removed, lone surrogates replaced by U+FFFD (what a
 * decoder shows for a broken character), and, given `maxCodePoints`, cut after that many code points, never
 * inside a pair.
 */
export function safeText(value: string, maxCodePoints?: number): string {
  let text = value.includes("\u0000") ? value.replaceAll("\u0000", "") : value;
  // toWellFormed is linear and returns the same string when there is nothing to replace.
  text = text.toWellFormed();
  if (maxCodePoints !== undefined && text.length > maxCodePoints) text = cutCodePoints(text, maxCodePoints);
  return text;
}

/** safeText for a value that may be missing; blank (after trimming) becomes null. */
export function safeTextOrNull(value: string | null | undefined, maxCodePoints?: number): string | null {
  if (value == null) return null;
  const text = safeText(value.trim(), maxCodePoints);
  return text === "" ? null : text;
}

/** Cut a well-formed string after `max` code points (a pair counts once and is never split). */
function cutCodePoints(text: string, max: number): string {
  let units = 0;
  let points = 0;
  while (units < text.length && points < max) {
    const code = text.charCodeAt(units);
    units += code >= 0xd800 && code <= 0xdbff && units + 1 < text.length ? 2 : 1;
    points++;
  }
  return text.slice(0, units);
}

/**
 * Every string inside a JSON-like value made safe (keys too), for payloads that are stored as `jsonb`. Numbers,
 * booleans and null pass unchanged; the value's shape is kept.
 */
export function safeJson<T>(value: T): T {
  if (typeof value === "string") return safeText(value) as T;
  if (Array.isArray(value)) return value.map((item) => safeJson(item)) as T;
  if (value && typeof value === "object" && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[safeText(key)] = safeJson(item);
    return out as T;
  }
  return value;
}
