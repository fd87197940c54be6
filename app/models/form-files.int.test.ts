// Files visitors attach to built forms, on a real database (PGlite) and a real store on disk: an accepted PDF is
// stored privately (never served by /uploads/*) and kept by reference on its row; a file whose bytes are not what
// the field takes (a program renamed .pdf, a page renamed .png), one too large, and every refused, rate-limited or
// failed submission leave nothing stored; and every way a submission goes (deleting the lead, erasing the person,
// the form's retention, deleting the form, a held one deleted or pruned) takes its files with it.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { formResponses } from "~/db/schema";
import { env } from "~/env.server";
import { FILE_MESSAGES, type FileAnswer } from "~/lib/form-builder/files";
import { objectStore } from "~/storage/configured-store.server";
import { localStore } from "~/storage/local-disk.server";
import type { ObjectStore } from "~/storage/object-store.server";
import { serveUpload } from "~/storage/serve.server";
import { exeBytes, htmlBytes, pdfBytes } from "../../tests/support/sample-files";
import { setupTestDatabase } from "../../tests/support/test-db";
import { WEBINAR_VISIT, webinarInput } from "../../tests/support/webinar-form";
import { deleteLead } from "./contacts-admin.server";
import { exportFormResponsesCsv, formFileOf, listFormResponses } from "./form-response-reads.server";
import {
  captureFormResponse,
  deleteHeldFormResponse,
  FORM_RATE_LIMIT,
  type FormSubmissionInput,
} from "./form-responses.server";
import { deleteForm, pruneExpiredFormResponses, saveForm } from "./forms.server";
import { pruneHeldSubmissions } from "./held-submissions.server";
import { erasePerson, getPerson } from "./lead-person.server";

setupTestDatabase();
const who = { actor: "owner@example.com", ip: "203.0.113.9", userAgent: "script" };
let dataDir: string;
let store: ObjectStore;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "asimov-form-files-"));
  // The store every model function uses: DATA_DIR/uploads of this test.
  Object.assign(env(), { dataDir, s3: undefined });
  store = objectStore();
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const DEFINITION = {
  fields: [
    { type: "text", name: "name", label: "Name", required: true },
    { type: "email", name: "email", label: "E-mail", required: true },
    { type: "file", name: "cv", label: "Your CV", required: true, fileKinds: ["pdf"], maxSizeMb: 1 },
    { type: "file", name: "photo", label: "A photo", fileKinds: ["images"] },
  ],
  submitLabel: "Apply",
  success: { kind: "message", message: "Thanks {name}, we have {cv}." },
};

async function newForm(overrides: Record<string, unknown> = {}): Promise<string> {
  const saved = await saveForm(
    null,
    webinarInput({ status: "open", definition: DEFINITION, retentionDays: 30, ...overrides }),
    who,
  );
  if (!saved.ok) throw new Error("not saved");
  return saved.form.id;
}

const file = (bytes: Uint8Array, name: string, type = "") =>
  new File([bytes as Uint8Array<ArrayBuffer>], name, { type });

let clientSeq = 0;
const submission = (
  formId: string,
  files: Record<string, File[]>,
  email = "ada@analytical.example",
  extra: Partial<FormSubmissionInput> = {},
): FormSubmissionInput => ({
  formId,
  raw: { name: "Ada", email },
  files,
  attribution: WEBINAR_VISIT,
  client: `198.51.100.${++clientSeq}`,
  trap: null,
  ...extra,
});

/** Every key in the store. */
async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of store.list()) keys.push(key);
  return keys.sort();
}

const rowsOf = (formId: string) => db().select().from(formResponses).where(eq(formResponses.formId, formId));

/** A submission with a PDF, stored; answers its row and the file's reference. */
async function stored(
  formId: string,
  email = "ada@analytical.example",
  trap: FormSubmissionInput["trap"] = null,
) {
  const result = await captureFormResponse(
    submission(formId, { cv: [file(pdfBytes(email), "My CV.pdf", "application/pdf")] }, email, { trap }),
  );
  expect(result.ok, JSON.stringify(result)).toBe(true);
  const [row] = (await rowsOf(formId)).filter(
    (r) => r.email === email && r.heldReason === (trap?.reason ?? null),
  );
  if (!row?.files.cv) throw new Error("no file stored");
  return { row, cv: row.files.cv as FileAnswer };
}

/** Makes a submission `days` old. */
const backdate = (id: string, days: number) =>
  db()
    .update(formResponses)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(formResponses.id, id));

const isStored = async (key: string) => (await storedKeys()).includes(key);

describe("a form's file", () => {
  it("is stored privately with its row, never served by /uploads/*, and shown to the team by name and size", async () => {
    const formId = await newForm();
    const before = await storedKeys();
    const result = await captureFormResponse(
      submission(formId, { cv: [file(pdfBytes(), "C:\\Users\\ada\\My CV.pdf", "application/pdf")] }),
    );
    expect(result).toEqual({ ok: true, message: "Thanks Ada, we have My CV.pdf." });
    const [row] = await rowsOf(formId);
    const cv = row?.files.cv as FileAnswer;
    expect(cv).toEqual({
      key: expect.stringMatching(/^private\/forms\/[a-f0-9]{32}\.pdf$/),
      name: "My CV.pdf",
      size: pdfBytes().byteLength,
      type: "application/pdf",
    });
    expect(row?.values).toMatchObject({ name: "Ada", cv: "My CV.pdf", photo: "" });
    expect(await storedKeys()).toEqual([...before, cv.key].sort());
    const object = await store.get(cv.key);
    expect(new Uint8Array(await new Response(object?.body).arrayBuffer())).toEqual(pdfBytes());

    // The public route serves no private key, however it is asked for.
    const request = new Request("http://localhost/uploads/x");
    for (const key of [cv.key, `private/${cv.key.split("/").pop()}`, cv.key.replace("private/", "")])
      expect((await serveUpload(key, request, store)).status, key).toBe(404);

    // The team's views: its name and size (the key stays on the server), the export with the download address.
    expect(await formFileOf(row?.id ?? "", "cv")).toEqual(cv);
    expect(await formFileOf(row?.id ?? "", "photo")).toBeUndefined();
    expect(await formFileOf("not-a-uuid", "cv")).toBeUndefined();
    const [listed] = await listFormResponses(formId);
    expect(listed?.files).toEqual({ cv: { name: "My CV.pdf", size: cv.size } });
    const csv = (await exportFormResponsesCsv(formId, who)) ?? "";
    expect(csv.split("\r\n")[0]).toBe(
      "Name,E-mail,Your CV,Your CV (download),A photo,A photo (download),Sent at,Page,UTM campaign",
    );
    expect(csv).toContain(`My CV.pdf (${cv.size} bytes),${env().baseUrl}/admin/forms/files/${row?.id}/cv,,,`);
    const person = await getPerson("ada@analytical.example");
    expect(person?.formLeads[0]?.answers.find((a) => a.name === "cv")).toEqual({
      name: "cv",
      label: "Your CV",
      text: `My CV.pdf (${cv.size} bytes)`,
      file: { name: "My CV.pdf", size: cv.size },
    });
    expect(JSON.stringify(person)).not.toContain(cv.key);
  });

  it("is refused when its bytes are not what the field takes, with the message at the field and nothing stored", async () => {
    const formId = await newForm();
    const before = await storedKeys();
    const cases: Array<[Record<string, File[]>, Record<string, string>]> = [
      // A program renamed .pdf.
      [{ cv: [file(exeBytes(), "cv.pdf", "application/pdf")] }, { cv: FILE_MESSAGES.type }],
      // A page renamed .png, beside a good PDF: the PDF is not kept either.
      [
        { cv: [file(pdfBytes(), "cv.pdf")], photo: [file(htmlBytes(), "me.png", "image/png")] },
        { photo: FILE_MESSAGES.type },
      ],
      // Over the field's 1 MB, and a type its name already gives away.
      [{ cv: [file(new Uint8Array(1024 * 1024 + 1), "cv.pdf")] }, { cv: FILE_MESSAGES.tooLarge(1) }],
      [{ cv: [file(exeBytes(), "setup.exe")] }, { cv: FILE_MESSAGES.type }],
      // No file: what a client sent as text under the field's name does not count.
      [{}, { cv: "This field is required." }],
    ];
    for (const [files, fieldErrors] of cases) {
      const input = submission(formId, files);
      input.raw = { ...input.raw, cv: "cv.pdf" };
      const result = await captureFormResponse(input);
      expect(result).toMatchObject({ ok: false, reason: "invalid", fieldErrors });
      // Everything typed comes back for the form to show again.
      expect(result.ok === false && "values" in result && result.values).toMatchObject({ name: "Ada" });
    }
    expect(await rowsOf(formId)).toEqual([]);
    expect(await storedKeys()).toEqual(before);
  });

  it("leaves nothing behind when the submission is not stored: rate-limited, or the store failing half-way", async () => {
    const formId = await newForm();
    const client = "192.0.2.77";
    for (let i = 0; i < FORM_RATE_LIMIT.limit; i++) {
      const ok = await captureFormResponse({
        ...submission(formId, { cv: [file(pdfBytes(), "cv.pdf")] }, `n${i}@example.com`),
        client,
      });
      expect(ok.ok).toBe(true);
    }
    const before = await storedKeys();
    const limited = await captureFormResponse({
      ...submission(formId, { cv: [file(pdfBytes(), "cv.pdf")] }),
      client,
    });
    expect(limited).toMatchObject({ ok: false, reason: "rate-limited" });
    expect(await storedKeys()).toEqual(before);

    // The second file cannot be stored: the first goes again, and no row is written.
    const local = localStore(path.join(dataDir, "uploads"));
    let puts = 0;
    const failing: ObjectStore = {
      ...local,
      async put(key, body, type) {
        if (++puts === 2) throw new Error("disk full");
        await local.put(key, body, type);
      },
    };
    const png = new Uint8Array(
      await sharp({ create: { width: 2, height: 2, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
    );
    const failed = await captureFormResponse(
      submission(formId, { cv: [file(pdfBytes(), "cv.pdf")], photo: [file(png, "me.png")] }, "f@example.com"),
      failing,
    );
    expect(failed).toEqual({ ok: false, reason: "failed" });
    expect(puts).toBe(2);
    expect(await storedKeys()).toEqual(before);
    expect((await rowsOf(formId)).filter((r) => r.email === "f@example.com")).toEqual([]);
  });

  it("goes with its submission: a deleted lead, an erased person, the form's retention, a deleted form", async () => {
    const formId = await newForm({ retentionDays: 1 });
    const deleted = await stored(formId, "deleted@example.com");
    expect(await deleteLead("form", deleted.row.id, who)).toEqual({ id: deleted.row.id });
    expect(await isStored(deleted.cv.key)).toBe(false);

    const erased = await stored(formId, "erased@example.com");
    const held = await stored(formId, "erased@example.com", { reason: "honeypot", elapsedMs: null });
    expect(await isStored(held.cv.key)).toBe(true);
    await erasePerson("Erased@Example.com", who);
    expect(await isStored(erased.cv.key)).toBe(false);
    expect(await isStored(held.cv.key)).toBe(false);

    const old = await stored(formId, "old@example.com");
    const recent = await stored(formId, "recent@example.com");
    await backdate(old.row.id, 2);
    expect(await pruneExpiredFormResponses()).toBe(1);
    expect(await isStored(old.cv.key)).toBe(false);
    expect(await isStored(recent.cv.key)).toBe(true);

    // A file already missing from the store does not stop the deletion of its form.
    const missing = await stored(formId, "missing@example.com");
    await store.delete(missing.cv.key);
    expect(await deleteForm(formId, who)).toMatchObject({ id: formId });
    expect(await isStored(recent.cv.key)).toBe(false);
    expect(await rowsOf(formId)).toEqual([]);
  });

  it("of a submission held as suspected spam is kept with it, and goes when it is deleted or pruned", async () => {
    const formId = await newForm();
    const trap = { reason: "too-fast" as const, elapsedMs: 300 };
    const deleted = await stored(formId, "bot1@example.com", trap);
    const pruned = await stored(formId, "bot2@example.com", trap);
    expect(deleted.row.heldReason).toBe("too-fast");
    expect(await deleteHeldFormResponse(deleted.row.id, who)).toEqual({
      id: deleted.row.id,
      reason: "too-fast",
    });
    expect(await isStored(deleted.cv.key)).toBe(false);
    await backdate(pruned.row.id, 31);
    expect(await pruneHeldSubmissions()).toBeGreaterThanOrEqual(1);
    expect(await isStored(pruned.cv.key)).toBe(false);
    expect(await isStored(deleted.cv.key)).toBe(false);
  });
});
