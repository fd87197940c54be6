import { describe, expect, it } from "vitest";
import { isEmbedVideo, toEmbedUrl } from "./embed";

describe("toEmbedUrl", () => {
  it("turns YouTube watch links into embed links", () => {
    expect(toEmbedUrl("https://www.youtube.com/watch?v=abc123XYZ_-")).toBe(
      "https://www.youtube.com/embed/abc123XYZ_-",
    );
    expect(toEmbedUrl("https://m.youtube.com/watch?v=abc123XYZ&t=4")).toBe(
      "https://www.youtube.com/embed/abc123XYZ",
    );
    expect(toEmbedUrl("https://youtu.be/abc123XYZ")).toBe("https://www.youtube.com/embed/abc123XYZ");
    expect(toEmbedUrl("/demo/loop.mp4")).toBe("/demo/loop.mp4");
  });

  it("leaves links on other hosts alone, whatever their path says", () => {
    for (const url of [
      "https://evil.example/youtube.com/watch?v=abc123XYZ",
      "https://youtube.com.evil.example/watch?v=abc123XYZ",
      "https://evil.example/?u=youtu.be/abc123XYZ",
    ]) {
      expect(toEmbedUrl(url)).toBe(url);
    }
  });
});

describe("isEmbedVideo", () => {
  it("accepts the YouTube and Vimeo hosts", () => {
    for (const url of [
      "https://www.youtube.com/watch?v=abc123XYZ",
      "https://youtube.com/embed/abc123XYZ",
      "https://m.youtube.com/watch?v=abc123XYZ",
      "https://youtu.be/abc123XYZ",
      "https://vimeo.com/123456",
      "https://player.vimeo.com/video/123456",
    ]) {
      expect(isEmbedVideo(url), url).toBe(true);
    }
  });

  it("refuses other hosts that merely mention them", () => {
    for (const url of [
      "https://evil.example/youtube.com/x",
      "https://evil.example/vimeo.com/123",
      "https://notyoutube.com/watch?v=abc123XYZ",
      "https://youtube.com.evil.example/watch?v=abc123XYZ",
      "javascript:alert(1)//youtube.com/",
      "/uploads/youtube.com/clip.mp4",
    ]) {
      expect(isEmbedVideo(url), url).toBe(false);
    }
  });
});
