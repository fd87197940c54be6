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
    expect(dropped).toEqual(["b", "a"]);
    expect(cache.keys()).toEqual(["/c", "/a"]);
  });

  it("with a byte budget, makes room by least recent use until the entries fit, and counts a resize", () => {
    const dropped: string[] = [];
    const sizes = new Map([
      ["/a", 40],
      ["/b", 40],
      ["/c", 40],
    ]);
    const cache = new VersionedCache<string>(100, (value) => dropped.push(value), {
      maxBytes: 100,
      sizeOf: (key) => sizes.get(key) ?? 0,
    });
    cache.set("/a", 1, "a");
    cache.set("/b", 1, "b");
    cache.get("/a", 1);
    cache.set("/c", 1, "c"); // 120 bytes: /b, the least recently used, goes
    expect(dropped).toEqual(["b"]);
    expect(cache.bytes).toBe(80);
    sizes.set("/c", 70); // its compressed copy arrived: 110 bytes, /a goes
    cache.resized("/c");
    expect(dropped).toEqual(["b", "a"]);
    expect(cache.bytes).toBe(70);
    sizes.set("/huge", 101);
    cache.set("/huge", 1, "huge"); // larger than the whole budget: not stored, nothing else dropped for it
    expect(cache.get("/huge", 1)).toBeUndefined();
    expect(cache.get("/c", 1)).toBe("c");
  });
});
