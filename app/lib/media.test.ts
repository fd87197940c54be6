import { describe, expect, it } from "vitest";
import { mediaFilterFromUrl, mentionedStems, publicImageOf, stemOfKey, uploadStem } from "./media";

const HASH = "0123456789abcdef0123456789abcdef";

describe("naming library files by URL", () => {
  it("finds the file's bucket and hash in the original's URL, a copy's URL and absolute URLs", () => {
    expect(uploadStem(`/uploads/images/${HASH}.jpg`)).toBe(`images/${HASH}`);
    expect(uploadStem(`/uploads/images/${HASH}-960w.avif`)).toBe(`images/${HASH}`);
    expect(uploadStem(`https://www.example.com/uploads/videos/${HASH}.mp4`)).toBe(`videos/${HASH}`);
    expect(uploadStem("https://cdn.example/photo.jpg")).toBeUndefined();
    expect(uploadStem(`/uploads/other/${HASH}.jpg`)).toBeUndefined();
    expect(uploadStem(null)).toBeUndefined();
    expect(stemOfKey(`audio/${HASH}.mp3`)).toBe(`audio/${HASH}`);
  });

  it("lists every file a text mentions once, also after a single lookup", () => {
    uploadStem(`/uploads/images/${HASH}.jpg`);
    const body = JSON.stringify([
      { type: "video", data: { url: `/uploads/videos/${HASH}.mp4` } },
      {
        type: "paragraph",
        data: { text: `see /uploads/images/${HASH}-480w.webp and /uploads/images/${HASH}.png` },
      },
    ]);
    expect(mentionedStems(body)).toEqual([`videos/${HASH}`, `images/${HASH}`]);
    expect(mentionedStems(null)).toEqual([]);
  });
});

describe("the public view of a library image", () => {
  it("lists each format's copies by real width, once each, and falls back to a phone-sized WebP", () => {
    const key = `images/${HASH}.png`;
    const copy = (nominal: number, width: number, format: "avif" | "webp") => ({
      key: `images/${HASH}-${nominal}w.${format}`,
      width,
      height: Math.round((width * 9) / 16),
      format,
      size: 1000,
    });
    const image = publicImageOf({
      key,
      altText: "Boats in a harbour",
      width: 1200,
      height: 675,
      variants: [
        copy(960, 960, "webp"),
        copy(480, 480, "avif"),
        copy(480, 480, "webp"),
        copy(960, 960, "avif"),
        copy(1600, 1200, "avif"),
        copy(1600, 1200, "webp"),
      ],
    });
    expect(image).toEqual({
      src: `/uploads/images/${HASH}-960w.webp`,
      alt: "Boats in a harbour",
      width: 1200,
      height: 675,
      avifSrcSet: `/uploads/images/${HASH}-480w.avif 480w, /uploads/images/${HASH}-960w.avif 960w, /uploads/images/${HASH}-1600w.avif 1200w`,
      webpSrcSet: `/uploads/images/${HASH}-480w.webp 480w, /uploads/images/${HASH}-960w.webp 960w, /uploads/images/${HASH}-1600w.webp 1200w`,
    });
  });

  it("uses the original for an image without copies (an animated GIF)", () => {
    expect(
      publicImageOf({ key: `images/${HASH}.gif`, altText: "", width: 300, height: 200, variants: [] }),
    ).toEqual({ src: `/uploads/images/${HASH}.gif`, alt: "", width: 300, height: 200 });
  });
});

describe("the library's filters", () => {
  it("reads type, name, missing alt text and URL from the query string, ignoring anything else", () => {
    expect(mediaFilterFromUrl(new URLSearchParams("type=video&q=%20clip%20&missing=alt"))).toEqual({
      kind: "video",
      q: "clip",
      missingAlt: true,
      url: undefined,
    });
    expect(mediaFilterFromUrl(new URLSearchParams("type=pdf&missing=yes&url="))).toEqual({
      kind: undefined,
      q: "",
      missingAlt: false,
      url: undefined,
    });
  });
});
