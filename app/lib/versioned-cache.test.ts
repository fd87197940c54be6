import { describe, expect, it } from "vitest";
import { VersionedCache } from "./content-version.server";

describe("VersionedCache", () => {
  it("serves an entry only at the version it was made at; stale() ignores the version", () => {
    const cache = new VersionedCache<string>(10);
    cache.set("/a", 1, "one");
    expect(cache.get("/a", 1)).toBe("one");
    expect(cache.get("/a", 2)).toBeUndefined();
    expect(cache.stale("/a")).toBe("one");
  });

  it("makes room by dropping the least recently used entry, and reports every drop", () => {
    const dropped: string[] = [];
    const cache = new VersionedCache<string>(2, (value) => dropped.push(value));
    cache.set("/a", 1, "a");
    cache.set("/b", 1, "b");
    cache.get("/a", 1); // /b is now the least recently used
    cache.set("/c", 1, "c");
    expect(cache.get("/b", 1)).toBeUndefined();
    expect(cache.get("/a", 1)).toBe("a");
    cache.set("/a", 2, "a2"); // replaced
    cache.deleteWhere((key) => key === "/c");
    expect(dropped).toEqual(["b", "a", "c"]);
  });
});
