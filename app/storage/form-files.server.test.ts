import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { FormField } from "~/lib/form-builder/definition";
import { FILE_MESSAGES } from "~/lib/form-builder/files";
import {
  csvBytes,
  docxBytes,
  exeBytes,
  htmlBytes,
  pdfBytes,
  zipBytes,
} from "../../tests/support/sample-files";
import { checkFormFiles, isPlainText, sniffedType } from "./form-files.server";

const field = (fileKinds: FormField["fileKinds"], extra: Partial<FormField> = {}): FormField => ({
  name: "upload",
  type: "file",
  label: "Upload",
  fileKinds,
  ...extra,
});
const every = field(["pdf", "images", "office", "text"]);
const file = (bytes: Uint8Array, name: string, type = "") =>
  new File([bytes as Uint8Array<ArrayBuffer>], name, { type });

describe("the type a form file's bytes show", () => {
  it("accepts what each kind really is, by its bytes", async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 2, height: 2, channels: 3, background: "#3366ff" } })
        .png()
        .toBuffer(),
    );
    expect(await sniffedType(every, "cv.pdf", pdfBytes())).toEqual({ type: "application/pdf", ext: "pdf" });
    expect(await sniffedType(every, "photo.png", png)).toEqual({ type: "image/png", ext: "png" });
    expect(await sniffedType(every, "brief.docx", docxBytes())).toEqual({
      type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      ext: "docx",
    });
    expect(await sniffedType(every, "seats.csv", csvBytes())).toEqual({ type: "text/csv", ext: "csv" });
    expect(await sniffedType(every, "notes.txt", csvBytes())).toEqual({ type: "text/plain", ext: "txt" });
    // A name without an ending: the bytes decide.
    expect(await sniffedType(every, "cv", pdfBytes())).toEqual({ type: "application/pdf", ext: "pdf" });
  });

  it("refuses bytes that are not what the name says, or not a kind the field takes", async () => {
    const refused: Array<[FormField, string, Uint8Array]> = [
      [every, "cv.pdf", exeBytes()], // a program renamed
      [every, "photo.png", htmlBytes()], // a page renamed
      [every, "notes.txt", htmlBytes()], // markup is not plain text
      [every, "notes.txt", exeBytes()],
      [every, "cv.pdf", csvBytes()], // text is not a PDF
      [every, "brief.docx", zipBytes({ "a.txt": "not a document" })], // any ZIP is not a document
      [every, "photo.png", pdfBytes()], // a real PDF under an image's name
      [field(["images"]), "cv.pdf", pdfBytes()], // a kind this field does not take
      [field(["pdf"]), "notes.txt", csvBytes()],
    ];
    for (const [f, name, bytes] of refused) expect(await sniffedType(f, name, bytes), name).toBeUndefined();
  });

  it("reads plain text in any 8-bit encoding, but nothing with NUL or control bytes, and no markup", () => {
    expect(isPlainText(new TextEncoder().encode("Grüße,\tJosé\r\n"))).toBe(true);
    expect(isPlainText(new Uint8Array([0x47, 0x72, 0xfc, 0xdf, 0x65, 0x0a]))).toBe(true); // "Grüße" in Latin-1
    expect(isPlainText(new TextEncoder().encode("\uFEFFname,seats\n"))).toBe(true);
    expect(isPlainText(new Uint8Array([0x61, 0x00, 0x62]))).toBe(false);
    expect(isPlainText(new Uint8Array([0x61, 0x07, 0x62]))).toBe(false);
    for (const text of [
      "<html>",
      "  <svg onload=x>",
      "<?xml version='1.0'?>",
      "<!DOCTYPE html>",
      "\uFEFF<script>",
    ])
      expect(isPlainText(new TextEncoder().encode(text)), text).toBe(false);
    expect(isPlainText(new TextEncoder().encode("a < b, b > c"))).toBe(true);
  });
});

describe("checking the files of a submission", () => {
  it("answers each field's message and the files that passed", async () => {
    const cv = field(["pdf"], { name: "cv" });
    const photo = field(["images"], { name: "photo", maxSizeMb: 1 });
    const notes = field(["text"], { name: "notes" });
    const { fieldErrors, accepted } = await checkFormFiles([cv, photo, notes], {
      cv: [file(pdfBytes(), "My CV.pdf", "application/pdf")],
      photo: [file(new Uint8Array(1024 * 1024 + 1), "me.png", "image/png")],
      notes: [file(htmlBytes(), "notes.txt", "text/plain")],
    });
    expect(fieldErrors).toEqual({ photo: FILE_MESSAGES.tooLarge(1), notes: FILE_MESSAGES.type });
    expect(accepted.map(({ bytes: _b, ...rest }) => rest)).toEqual([
      { field: "cv", name: "My CV.pdf", type: "application/pdf", ext: "pdf" },
    ]);
  });

  it("takes one file per field, and reads an empty part without a name as no file", async () => {
    const cv = field(["pdf"], { name: "cv" });
    expect(await checkFormFiles([cv], { cv: [file(new Uint8Array(0), "")] })).toEqual({
      fieldErrors: {},
      accepted: [],
    });
    expect(
      (await checkFormFiles([cv], { cv: [file(pdfBytes(), "a.pdf"), file(pdfBytes(), "b.pdf")] }))
        .fieldErrors,
    ).toEqual({ cv: FILE_MESSAGES.one });
    expect((await checkFormFiles([cv], { cv: [file(new Uint8Array(0), "cv.pdf")] })).fieldErrors).toEqual({
      cv: FILE_MESSAGES.empty,
    });
    // A file sent for a field the form does not have (or does not show) is not looked at.
    expect(await checkFormFiles([cv], { other: [file(exeBytes(), "x.exe")] })).toEqual({
      fieldErrors: {},
      accepted: [],
    });
  });
});
