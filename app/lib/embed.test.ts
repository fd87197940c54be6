import { describe, expect, it } from "vitest";
import { toEmbedUrl } from "./embed";

describe("toEmbedUrl", () => {
  it("turns YouTube watch links into embed links", () => {
    expect(toEmbedUrl("https://www.youtube.com/watch?v=abc123XYZ_-")).toBe(
      "https://www.youtube.com/embed/abc123XYZ_-",
    );
    expect(toEmbedUrl("https://youtu.be/abc123XYZ")).toBe("https://www.youtube.com/embed/abc123XYZ");
    expect(toEmbedUrl("/demo/loop.mp4")).toBe("/demo/loop.mp4");
  });
});
