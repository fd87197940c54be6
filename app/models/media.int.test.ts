// The media library on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL) and a real object store on
// disk: recording uploads, where-used, alt text rules with their content version bumps, delete rules, the public
// view of an image, and the start-up import of files uploaded before the library existed.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/db/client.server";
import { currentContentVersion } from "~/infra/content-version.server";
import { MEDIA_MESSAGES } from "~/lib/media";
import { auditAs } from "~/models/audit.server";
import { localStore } from "~/storage/local-disk.server";
import type { ObjectStore } from "~/storage/object-store.server";
import { acceptUpload } from "~/storage/uploads.server";
import { academyInput, blogInput } from "../../tests/support/content-input";
import { setupTestDatabase } from "../../tests/support/test-db";
import { createAcademyItem, restoreAcademyRevision, updateAcademyItem } from "./academy-admin.server";
import { createPost, deletePost, restorePostRevision, updatePost } from "./blog-admin.server";
import { listRevisions } from "./content-revisions.server";
import {
  deleteMedia,
  listMedia,
  missingAltText,
  publicImages,
  recordUpload,
  updateMediaDetails,
  withImages,
} from "./media.server";
import { importExistingUploads, importExistingUploadsAtStartup } from "./media-import.server";
import { getSettings } from "./settings.server";
import { saveSettings } from "./settings-admin.server";
import { addShowcaseItem, setShowcaseActive } from "./showcase-admin.server";

const test = setupTestDatabase();
const who = { actor: "editor@example.com", ip: "203.0.113.5", userAgent: "media-test" };

let dir: string;
let store: ObjectStore;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "asimov-media-"));
  store = localStore(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function uploadRequest(bytes: Uint8Array, name: string, type: string, bucket: string) {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return new Request(`http://localhost/api/uploads?bucket=${bucket}`, { method: "POST", body: form });
}

const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A stored upload, not yet in the library. */
async function stored(bytes: Uint8Array, name: string, type: string, bucket = "images") {
  return acceptUpload(uploadRequest(bytes, name, type, bucket), bucket as "images", store);
}

/** Uploads into the store and records it in the library, as POST /api/uploads does. */
async function upload(bytes: Uint8Array, name: string, type: string, bucket = "images") {
  const result = await stored(bytes, name, type, bucket);
  return { result, entry: await recordUpload(result, who) };
}

/** The first bytes of an MP4 (ftyp box) and of an MP3 (ID3 tag): what the type sniffer reads. */
const MP4 = new Uint8Array([
  0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 0, 0, 0, 0, 0x6d, 0x70, 0x34, 0x32, 0x69,
  0x73, 0x6f, 0x6d, 0, 0, 0, 8, 0x66, 0x72, 0x65, 0x65,
]);
const MP3 = new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0, 0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0]);

async function bumps(write: () => Promise<unknown>) {
  const before = await currentContentVersion();
  await write();
  return (await currentContentVersion()) > before;
}

async function filesInStore(): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

describe("recording uploads", () => {
  it("records an image with its displayed size, real copy sizes, file name and uploader; the same bytes are one entry", async () => {
    const bytes = await png(1200, 630, "#2255aa");
    const { result, entry } = await upload(bytes, "hero banner.png", "image/png");
    expect(entry).toMatchObject({
      key: result.key,
      kind: "image",
      mimeType: "image/png",
      sizeBytes: bytes.byteLength,
      width: 1200,
      height: 630,
      title: "hero banner.png",
      altText: "",
      createdBy: who.actor,
    });
    expect(entry.variants.map((v) => `${v.format} ${v.width}x${v.height}`).sort()).toEqual(
      [
        "avif 1200x630",
        "avif 480x252",
        "avif 720x378",
        "avif 960x504",
        "webp 1200x630",
        "webp 480x252",
        "webp 720x378",
        "webp 960x504",
      ].sort(),
    );
    expect(entry.variants.every((v) => v.size > 0)).toBe(true);

    await updateMediaDetails(entry.id, { altText: "A blue banner", title: entry.title }, who);
    const again = await upload(bytes, "copy.png", "image/png");
    expect(again.entry).toMatchObject({ id: entry.id, altText: "A blue banner", title: "hero banner.png" });
    const audit = rowsOf<{ details: { existing?: boolean } }>(
      await test
        .handle()
        .db.execute(
          sql`select details from audit_log where action = 'upload.create' and entity_id = ${result.url} order by at`,
        ),
    );
    expect(audit.map((a) => Boolean(a.details.existing))).toEqual([false, true]);
  });

  it("a small image gets one copy per format at its own width, and an EXIF-rotated photo its displayed size", async () => {
    const { entry } = await upload(await png(300, 200, "#113355"), "small.png", "image/png");
    expect(
      entry.variants.map((v) => [v.format, v.width, v.height, v.key.endsWith(`-480w.${v.format}`)]),
    ).toEqual([
      ["avif", 300, 200, true],
      ["webp", 300, 200, true],
    ]);
    // Orientation 6: stored 400 wide and 100 high, shown turned a quarter: 100 wide, 400 high.
    const sideways = await sharp({ create: { width: 400, height: 100, channels: 3, background: "#445566" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const rotated = await upload(sideways, "portrait.jpg", "image/jpeg");
    expect(rotated.entry).toMatchObject({ width: 100, height: 400 });
    expect(rotated.entry.variants.find((v) => v.format === "webp")).toMatchObject({
      width: 100,
      height: 400,
    });
  });

  it("records video and audio with their sniffed types and no dimensions", async () => {
    const video = await upload(MP4, "clip.mp4", "video/mp4", "videos");
    const audio = await upload(MP3, "talk.mp3", "audio/mpeg", "audio");
    expect(video.entry).toMatchObject({ kind: "video", mimeType: "video/mp4", width: null, variants: [] });
    expect(audio.entry).toMatchObject({ kind: "audio", mimeType: "audio/mpeg", width: null, variants: [] });
    const listed = await listMedia({ kind: "audio" });
    expect(listed.items.map((i) => i.title)).toEqual(["talk.mp3"]);
    expect(listed.counts).toMatchObject({ video: 1, audio: 1 });
    expect((await listMedia({ q: "CLIP" })).items.map((i) => i.kind)).toEqual(["video"]);
    expect((await listMedia({ q: "100%" })).items).toEqual([]);
  });
});

describe("where used, alt text and delete rules", () => {
  it("finds every use, refuses saves and alt removal while needed, bumps the version only for public changes, and refuses deleting a file in use", async () => {
    const image = await upload(await png(1600, 900, "#aa3300"), "cover.png", "image/png");
    const video = await upload(
      new Uint8Array([...MP4.slice(0, 28), 0x66, 0x72, 0x65, 0x66]),
      "lesson.mp4",
      "video/mp4",
      "videos",
    );
    const imageUrl = image.result.url;
    const copyUrl = image.result.variants.find((v) => v.format === "webp")?.url ?? "";

    // A save that would show an image without alt text is refused per field; external URLs pass.
    expect(await missingAltText({ featuredImage: imageUrl, other: "https://cdn.example/x.jpg" })).toEqual({
      featuredImage: MEDIA_MESSAGES.altMissing,
    });
    expect(await missingAltText({ thumbnailUrl: `https://www.example.com${copyUrl}` })).toEqual({
      thumbnailUrl: MEDIA_MESSAGES.altMissing,
    });
    expect(await missingAltText({ videoUrl: video.result.url })).toEqual({});

    // Alt text of an unused image changes nothing public.
    expect(
      await bumps(() => updateMediaDetails(image.entry.id, { altText: "Orange cover", title: "Cover" }, who)),
    ).toBe(false);
    expect(await missingAltText({ featuredImage: imageUrl })).toEqual({});

    const draft = await createPost(
      blogInput({ title: "Draft", slug: "m-draft", featuredImage: imageUrl }),
      who,
    );
    const live = await createPost(
      blogInput({ title: "Live", slug: "m-live", status: "published", featuredImage: copyUrl }),
      who,
    );
    const lesson = await createAcademyItem(
      academyInput({
        title: "Lesson",
        slug: "m-lesson",
        category: "c",
        status: "published",
        thumbnailUrl: imageUrl,
        videoUrl: video.result.url,
      }),
      who,
    );
    const slide = await addShowcaseItem({ title: "Slide", mediaUrl: imageUrl, mediaType: "image" }, who);
    await setShowcaseActive(slide.id, false, who);
    await saveSettings({ ...(await getSettings()), ogImage: `https://www.example.com${imageUrl}` }, [], who);

    const { items } = await listMedia();
    const usage = (id: string) =>
      (items.find((i) => i.id === id)?.usage ?? [])
        .map((u) => `${u.kind}:${u.label}:${u.field}:${u.public}`)
        .sort();
    expect(usage(image.entry.id)).toEqual(
      [
        "academy:Lesson:Thumbnail:true",
        "blog:Draft:Featured image:false",
        "blog:Live:Featured image:true",
        "setting:Site settings:Open Graph image:true",
        "showcase:Slide:Showcase media:false",
      ].sort(),
    );
    // The item's video URL is also in its block list: one use, under the field.
    expect(usage(video.entry.id)).toEqual(["academy:Lesson:Video:true"]);
    expect(
      items.find((i) => i.id === image.entry.id)?.usage.find((u) => u.label === "Live")?.publicHref,
    ).toBe("/blog/m-live");

    // In use: alt text stays, and changing it moves the content version (visitors see it).
    expect(await updateMediaDetails(image.entry.id, { altText: " ", title: "Cover" }, who)).toMatchObject({
      status: "alt-required",
    });
    expect(
      await bumps(() =>
        updateMediaDetails(image.entry.id, { altText: "An orange cover", title: "Cover" }, who),
      ),
    ).toBe(true);
    // Only the title: nothing public changes.
    expect(
      await bumps(() =>
        updateMediaDetails(image.entry.id, { altText: "An orange cover", title: "Renamed" }, who),
      ),
    ).toBe(false);
    const images = await publicImages([copyUrl, "https://cdn.example/x.jpg", null]);
    expect(images.get(copyUrl)).toMatchObject({
      alt: "An orange cover",
      width: 1600,
      height: 900,
      avifSrcSet: expect.stringMatching(
        /-480w\.avif 480w, \S+-720w\.avif 720w, \S+-960w\.avif 960w, \S+-1280w\.avif 1280w, \S+-1600w\.avif 1600w$/,
      ),
      webpSrcSet: expect.stringMatching(
        /-480w\.webp 480w, \S+-720w\.webp 720w, \S+-960w\.webp 960w, \S+-1280w\.webp 1280w, \S+-1600w\.webp 1600w$/,
      ),
      src: expect.stringMatching(/-960w\.webp$/),
    });
    expect(images.size).toBe(1);
    const rows = await withImages([{ url: imageUrl }, { url: null }], (r) => r.url);
    expect(rows.map((r) => r.image?.alt ?? null)).toEqual(["An orange cover", null]);

    // A file in use cannot be deleted; the answer says where it is used.
    const refused = await deleteMedia(image.entry.id, who, store);
    expect(refused.status).toBe("in-use");
    expect(refused.status === "in-use" && refused.usage).toHaveLength(5);
    expect(await listMedia({ url: imageUrl })).toMatchObject({ total: 1 });

    // Once nothing uses it, the entry and every stored file go.
    await deletePost(draft.id, who);
    await updatePost(live.id, blogInput({ title: "Live", slug: "m-live", status: "published" }), who);
    await updateAcademyItem(
      lesson.id,
      academyInput({ title: "Lesson", slug: "m-lesson", category: "c" }),
      who,
    );
    await test.handle().db.execute(sql`delete from asimov_showcase_media where id = ${slide.id}`);
    await saveSettings({ ...(await getSettings()), ogImage: "" }, [], who);
    const before = await filesInStore();
    const hash = imageUrl.split("/").pop()?.split(".")[0] ?? "";
    expect(before.filter((f) => f.startsWith(hash))).toHaveLength(11);
    expect(
      await bumps(async () => expect((await deleteMedia(image.entry.id, who, store)).status).toBe("deleted")),
    ).toBe(false);
    expect((await filesInStore()).filter((f) => f.startsWith(hash))).toEqual([]);
    expect((await deleteMedia(image.entry.id, who, store)).status).toBe("gone");
    expect(await updateMediaDetails(image.entry.id, { altText: "x", title: "x" }, who)).toEqual({
      status: "gone",
    });
    // The video is unused now too, and no longer counts as an image without alt text anywhere.
    expect((await listMedia({ missingAlt: true })).items.every((i) => i.kind === "image" && !i.altText)).toBe(
      true,
    );
  });
});

describe("importing uploads made before the library", () => {
  it("records audited and referenced uploads from the store once, with who and when, remaking missing copies", async () => {
    const audited = await stored(await png(800, 400, "#336699"), "a.png", "image/png");
    const referenced = await stored(await png(500, 500, "#996633"), "b.png", "image/png");
    const missing = "/uploads/images/0123456789abcdef0123456789abcdef.png";
    const at = new Date("2026-01-02T03:04:05Z");
    await auditAs(
      { actor: "old-admin@example.com" },
      { action: "upload.create", entity: "upload", entityId: audited.url },
    );
    await test
      .handle()
      .db.execute(
        sql`update audit_log set at = ${at.toISOString()}::timestamptz where entity_id = ${audited.url}`,
      );
    await auditAs(
      { actor: "old-admin@example.com" },
      { action: "upload.create", entity: "upload", entityId: missing },
    );
    await createPost(blogInput({ title: "Old", slug: "m-old", featuredImage: referenced.url }), who);
    // One of the copies was lost: the import makes the copies again.
    await store.delete(referenced.variants[0]?.url.slice("/uploads/".length) ?? "");

    // Pages showing them change (copies, sizes), so the content version moves; a second run finds nothing.
    let count = 0;
    expect(
      await bumps(async () => {
        count = await importExistingUploads(store);
      }),
    ).toBe(true);
    expect(count).toBe(2);
    expect(
      await bumps(async () => {
        count = await importExistingUploads(store);
      }),
    ).toBe(false);
    expect(count).toBe(0);
    const a = (await listMedia({ url: audited.url })).items[0];
    expect(a).toMatchObject({ kind: "image", width: 800, height: 400, createdBy: "old-admin@example.com" });
    expect(a?.createdAt).toBe(at.toISOString());
    const b = (await listMedia({ url: referenced.url })).items[0];
    expect(b).toMatchObject({ width: 500, height: 500, createdBy: null, altText: "" });
    expect(b?.usage.map((u) => u.label)).toEqual(["Old"]);
    const images = await publicImages([referenced.url]);
    expect(images.get(referenced.url)?.webpSrcSet).toMatch(/-480w\.webp 480w, \S+-720w\.webp 500w$/);
    const files = await filesInStore();
    for (const v of ["-480w.avif", "-480w.webp", "-720w.avif", "-720w.webp"]) {
      expect(files).toContain(`${referenced.url.split("/").pop()?.split(".")[0]}${v}`);
    }
  });

  it("at start-up, scans until one run has found every earlier upload, then no more", async () => {
    const audit = (url: string) =>
      auditAs(
        { actor: "old-admin@example.com" },
        { action: "upload.create", entity: "upload", entityId: url },
      );
    const first = await stored(await png(300, 200, "#123456"), "c.png", "image/png");
    await audit(first.url);
    expect(await importExistingUploadsAtStartup(store)).toBe(1);
    // A later start-up does not scan again; the library's own run (importExistingUploads) still finds stragglers.
    const later = await stored(await png(200, 300, "#654321"), "d.png", "image/png");
    await audit(later.url);
    expect(await importExistingUploadsAtStartup(store)).toBe(0);
    expect(await importExistingUploads(store)).toBe(1);
  });
});

describe("restoring a revision whose files were deleted from the library", () => {
  it("leaves those fields empty and names them; external URLs and files still stored come back", async () => {
    const picture = await upload(await png(640, 360, "#226644"), "gone.png", "image/png");
    await updateMediaDetails(picture.entry.id, { altText: "Green", title: "Gone" }, who);
    const audio = await upload(MP3, "talk.mp3", "audio/mpeg", "audio");
    const base = { title: "Restored lesson", slug: "r-lesson", category: "c" };
    const item = await createAcademyItem(
      academyInput({
        ...base,
        description: "With files",
        thumbnailUrl: picture.result.url,
        videoUrl: "https://www.youtube.com/watch?v=ysz5S6PUM-U",
        audioUrl: audio.result.url,
      }),
      who,
    );
    await updateAcademyItem(item.id, academyInput({ ...base, description: "Without files" }), who);
    // Nothing uses them any more: both are deleted from the library, their files from the store.
    expect((await deleteMedia(picture.entry.id, who, store)).status).toBe("deleted");
    expect((await deleteMedia(audio.entry.id, who, store)).status).toBe("deleted");

    const created = (await listRevisions("academy", item.id)).at(-1);
    const restored = await restoreAcademyRevision(item.id, created?.id ?? 0, who, new Date(), store);
    expect(restored?.cleared).toEqual(["thumbnailUrl", "audioUrl"]);
    expect(restored?.after).toMatchObject({
      description: "With files",
      thumbnailUrl: null,
      audioUrl: null,
      videoUrl: "https://www.youtube.com/watch?v=ysz5S6PUM-U",
    });
    // The block list names no dead file either; the video's block is there.
    expect(JSON.stringify(restored?.after.content)).not.toContain(audio.result.url);
    expect(JSON.stringify(restored?.after.content)).toContain("youtube.com");

    // A file still in the store that the library has not imported yet is not gone.
    const pending = await stored(await png(320, 180, "#112233"), "pending.png", "image/png");
    const post = await createPost(
      blogInput({ title: "Pending", slug: "r-pending", featuredImage: pending.url }),
      who,
    );
    await updatePost(post.id, blogInput({ title: "Pending", slug: "r-pending" }), who);
    const first = (await listRevisions("blog", post.id)).at(-1);
    const back = await restorePostRevision(post.id, first?.id ?? 0, who, new Date(), store);
    expect(back?.cleared).toEqual([]);
    expect(back?.after.featuredImage).toBe(pending.url);
  });
});
