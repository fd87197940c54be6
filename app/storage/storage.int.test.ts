import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BUCKETS } from "~/lib/uploads";
import { localStore } from "./local-disk.server";
import { type ObjectStore, privateKey } from "./object-store.server";
import { serveUpload } from "./serve.server";
import { acceptUpload, UploadError } from "./uploads.server";

// Every input sharp is given, to count how often an upload's own bytes are opened.
const { sharpInputs } = vi.hoisted(() => ({ sharpInputs: [] as unknown[] }));
vi.mock("sharp", async (importOriginal) => {
  const real = (await importOriginal<typeof import("sharp")>()).default;
  const counted = ((...args: Parameters<typeof real>) => {
    sharpInputs.push(args[0]);
    return real(...args);
  }) as typeof real;
  return { default: Object.assign(counted, real) };
});

let dir: string;
let store: ObjectStore;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "asimov-uploads-"));
  store = localStore(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function uploadRequest(bytes: Uint8Array, name: string, type: string, bucket = "images") {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return new Request(`http://localhost/api/uploads?bucket=${bucket}`, { method: "POST", body: form });
}

async function storedFiles(): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

async function rejection(promise: Promise<unknown>): Promise<UploadError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UploadError) return error;
    throw error;
  }
  throw new Error("expected the upload to be rejected");
}

describe("upload limits", () => {
  it("rejects a file over the bucket's limit with 413 and stores nothing", async () => {
    const big = new Uint8Array(BUCKETS.images.fileSizeLimit + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const error = await rejection(acceptUpload(uploadRequest(big, "big.jpg", "image/jpeg"), "images", store));
    expect(error.status).toBe(413);
    expect(error.message).toMatch(/too large.*10 MB/);
    expect(await storedFiles()).toEqual([]);
  });

  it("rejects by declared Content-Length before reading the body", async () => {
    const request = new Request("http://localhost/api/uploads", {
      method: "POST",
      headers: {
        "content-length": String(BUCKETS.audio.fileSizeLimit * 2),
        "content-type": "multipart/form-data; boundary=x",
      },
      body: "--x--",
    });
    expect((await rejection(acceptUpload(request, "audio", store))).status).toBe(413);
  });

  it("rejects content that is not an allowed type with 415, whatever the name or declared type", async () => {
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    const error = await rejection(
      acceptUpload(uploadRequest(html, "cat.jpg", "image/jpeg"), "images", store),
    );
    expect(error.status).toBe(415);
    expect(error.message).toMatch(/not allowed for images/);
    // A real PNG is still the wrong type for the videos bucket.
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    const wrongBucket = await rejection(
      acceptUpload(uploadRequest(png, "clip.mp4", "video/mp4", "videos"), "videos", store),
    );
    expect(wrongBucket.status).toBe(415);
    expect(wrongBucket.message).toMatch(/image\/png/);
    expect(await storedFiles()).toEqual([]);
  });

  it("refuses an image of more than 50 megapixels from its header, before decoding it, and stores nothing", async () => {
    // 60 megapixels of one colour: a small file that would take 180 MB once decoded.
    const png = await sharp({ create: { width: 8000, height: 7500, channels: 3, background: "#336699" } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(png.byteLength).toBeLessThan(BUCKETS.images.fileSizeLimit);
    sharpInputs.length = 0;
    const error = await rejection(acceptUpload(uploadRequest(png, "huge.png", "image/png"), "images", store));
    expect(error.status).toBe(413);
    expect(error.message).toBe(
      "The image is too large: 8000 × 7500 pixels is 60 megapixels, and the limit is 50 megapixels. Scale it down and upload it again.",
    );
    // Opened once, for its header.
    expect(sharpInputs.filter((input) => input instanceof Uint8Array)).toHaveLength(1);
    expect(await storedFiles()).toEqual([]);
  });

  it("rejects a request without a file with 400", async () => {
    const form = new FormData();
    form.set("other", "x");
    const request = new Request("http://localhost/api/uploads", { method: "POST", body: form });
    expect((await rejection(acceptUpload(request, "images", store))).status).toBe(400);
  });
});

describe("accepted uploads", () => {
  it("stores an image under a content hash with AVIF and WebP responsive copies, served immutable", async () => {
    const jpeg = await sharp({ create: { width: 1200, height: 630, channels: 3, background: "#2255aa" } })
      .jpeg()
      .toBuffer();
    sharpInputs.length = 0;
    const result = await acceptUpload(uploadRequest(jpeg, "hero.png", "image/png"), "images", store);
    // The upload's bytes are opened twice, once for the header and once decoded, not once per copy: the eight
    // copies are made from the decoded pixels.
    const opened = sharpInputs.filter(
      (input) => input instanceof Uint8Array && Buffer.from(input).equals(jpeg),
    );
    expect(opened).toHaveLength(2);
    expect(result.url).toMatch(/^\/uploads\/images\/[a-f0-9]{32}\.jpg$/);
    expect(result.mimeType).toBe("image/jpeg");
    expect(result).toMatchObject({ width: 1200, height: 630 });
    // Named by the widths pages ask for; the widest is made at the original's own width (1200), not enlarged,
    // and none wider.
    expect(result.variants.map((v) => `${v.url.split("-").pop()} ${v.width}x${v.height}`).sort()).toEqual(
      [
        "1280w.avif 1200x630",
        "1280w.webp 1200x630",
        "480w.avif 480x252",
        "480w.webp 480x252",
        "720w.avif 720x378",
        "720w.webp 720x378",
        "960w.avif 960x504",
        "960w.webp 960x504",
      ].sort(),
    );
    expect(await storedFiles()).toHaveLength(9);

    const key = result.url.slice("/uploads/".length);
    const response = await serveUpload(key, new Request(`http://localhost${result.url}`), store);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await response.arrayBuffer()).equals(jpeg)).toBe(true);

    const webp = result.variants.find((v) => v.width === 480 && v.format === "webp");
    const variant = await serveUpload(
      webp?.url.slice("/uploads/".length) ?? "",
      new Request("http://x/"),
      store,
    );
    expect(variant.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await variant.arrayBuffer())).metadata()).width).toBe(480);

    const ranged = await serveUpload(
      key,
      new Request("http://x/", { headers: { range: "bytes=0-9" } }),
      store,
    );
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(10);
  });

  it("refuses unsafe keys and answers 404 for missing files", async () => {
    expect((await serveUpload("../etc/passwd", new Request("http://x/"), store)).status).toBe(404);
    expect((await serveUpload("images/../../x.jpg", new Request("http://x/"), store)).status).toBe(404);
    expect((await serveUpload(`images/${"a".repeat(32)}.jpg`, new Request("http://x/"), store)).status).toBe(
      404,
    );
  });

  it("never serves a private file (what visitors attach to forms), though it is in the same store", async () => {
    const key = privateKey("forms", "pdf");
    const hex = key.split("/").pop() ?? "";
    // Stored also where a bucket named "private" would put it: still not served.
    for (const stored of [key, `private/${hex}`]) {
      await store.put(stored, new TextEncoder().encode("%PDF-1.4 secret"), "application/pdf");
      expect((await store.get(stored))?.size).toBe(15);
      const response = await serveUpload(stored, new Request(`http://x/uploads/${stored}`), store);
      expect(response.status, stored).toBe(404);
      expect(await response.text()).toBe("Not found");
    }
    expect(Object.keys(BUCKETS)).not.toContain("private");
  });
});
