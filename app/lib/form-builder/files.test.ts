import { describe, expect, it } from "vitest";
import type { FormDefinition, FormField } from "./definition";
import {
  acceptAttribute,
  chosenFileError,
  cleanFileName,
  FILE_MESSAGES,
  type FileAnswer,
  FORM_BODY_OVERHEAD,
  formBodyLimit,
  formFileHref,
  MAX_FORM_BODY,
  maxFileBytes,
  maxFileMb,
} from "./files";
import { answerLines, answersOf, checkSubmission } from "./submission";

const MB = 1024 * 1024;
const fileField = (extra: Partial<FormField> = {}): FormField => ({
  name: "cv",
  type: "file",
  label: "Your CV",
  fileKinds: ["pdf"],
  ...extra,
});
const form = (...fields: FormField[]): FormDefinition => ({
  fields,
  submitLabel: "Send",
  success: { kind: "message", message: "Thanks {cv}" },
});

describe("a file field's check of a chosen file", () => {
  const pdf = fileField();
  it("passes an accepted type by its name's ending, whatever its case", () => {
    expect(chosenFileError(pdf, { name: "CV.PDF", size: 1000, type: "application/pdf" })).toBeUndefined();
    const images = fileField({ fileKinds: ["images"] });
    for (const name of ["a.png", "b.jpg", "c.jpeg", "d.webp"])
      expect(chosenFileError(images, { name, size: 10, type: "" }), name).toBeUndefined();
  });

  it("refuses a type the field does not take, by the name's ending, even when the browser claims another", () => {
    for (const name of [
      "setup.exe",
      "cv.pdf.exe",
      "page.html",
      "photo.png",
      "cv",
      "archive.zip",
      "macro.docm",
    ])
      expect(chosenFileError(pdf, { name, size: 10, type: "application/pdf" }), name).toBe(
        name === "cv" ? undefined : FILE_MESSAGES.type,
      );
    // A name without an ending is judged by the declared type.
    expect(chosenFileError(pdf, { name: "cv", size: 10, type: "text/html" })).toBe(FILE_MESSAGES.type);
  });

  it("refuses an empty file and one over the field's size, with its size in the message", () => {
    expect(chosenFileError(pdf, { name: "cv.pdf", size: 0, type: "application/pdf" })).toBe(
      FILE_MESSAGES.empty,
    );
    expect(chosenFileError(pdf, { name: "cv.pdf", size: 5 * MB, type: "" })).toBeUndefined();
    expect(chosenFileError(pdf, { name: "cv.pdf", size: 5 * MB + 1, type: "" })).toBe(
      FILE_MESSAGES.tooLarge(5),
    );
    const two = fileField({ maxSizeMb: 2 });
    expect(chosenFileError(two, { name: "cv.pdf", size: 2 * MB + 1, type: "" })).toMatch(/larger than 2 MB/);
  });

  it("takes 5 MB by default and never more than 10 MB, whatever the stored setting says", () => {
    expect(maxFileMb(fileField())).toBe(5);
    expect(maxFileMb(fileField({ maxSizeMb: 10 }))).toBe(10);
    expect(maxFileMb(fileField({ maxSizeMb: 500 }))).toBe(10);
    expect(maxFileMb(fileField({ maxSizeMb: 0 }))).toBe(5);
    expect(maxFileMb(fileField({ maxSizeMb: 2.5 }))).toBe(5);
    expect(maxFileBytes(fileField({ maxSizeMb: 3 }))).toBe(3 * MB);
  });

  it("tells the browser what to offer: every ending and MIME type of the chosen kinds, nothing else", () => {
    expect(acceptAttribute(fileField({ fileKinds: ["pdf", "text"] }))).toBe(
      ".pdf,application/pdf,.txt,text/plain,.csv,text/csv",
    );
    expect(acceptAttribute(fileField({ fileKinds: ["office"] }))).toContain(".docx");
    expect(acceptAttribute(fileField({ fileKinds: ["office"] }))).not.toContain("docm");
  });
});

describe("a form's body limit", () => {
  it("is its text answers' allowance plus the largest file of each file field", () => {
    expect(formBodyLimit(form({ name: "name", type: "text", label: "Name" }))).toBe(FORM_BODY_OVERHEAD);
    expect(formBodyLimit(form(fileField(), fileField({ name: "brief", maxSizeMb: 10 })))).toBe(
      FORM_BODY_OVERHEAD + 15 * MB,
    );
    expect(formBodyLimit(form(fileField(), fileField(), fileField()))).toBeLessThanOrEqual(MAX_FORM_BODY);
  });
});

describe("a file's name", () => {
  it("keeps the file's own name, without folders, control or direction characters, at most 200 characters", () => {
    expect(cleanFileName("C:\\Users\\ada\\cv.pdf")).toBe("cv.pdf");
    expect(cleanFileName("../../etc/passwd")).toBe("passwd");
    expect(cleanFileName(" cv\u0000\u0007.pdf ")).toBe("cv.pdf");
    // A right-to-left override would show "cv‮fdp.exe" as "cvexe.pdf".
    expect(cleanFileName("cv\u202Efdp.exe")).toBe("cvfdp.exe");
    expect(cleanFileName(`${"é".repeat(300)}.pdf`)).toHaveLength(200);
    expect(cleanFileName("\uD800cv.pdf")).toBe("\uFFFDcv.pdf");
  });
});

describe("a file answer", () => {
  const stored: FileAnswer = {
    key: "private/forms/x.pdf",
    name: "cv.pdf",
    size: 120 * 1024,
    type: "application/pdf",
  };

  it("is required like any field: the file's name is its value", () => {
    const required = form(fileField({ required: true }));
    expect(checkSubmission(required, {})).toMatchObject({
      ok: false,
      fieldErrors: { cv: "This field is required." },
    });
    expect(checkSubmission(required, { cv: "cv.pdf" })).toEqual({ ok: true, values: { cv: "cv.pdf" } });
  });

  it("reads as its name and size, with the file for a download link; never where it is stored", () => {
    const answers = answersOf(form(fileField()), { cv: "cv.pdf" }, { cv: stored });
    expect(answers).toEqual([
      { name: "cv", label: "Your CV", text: "cv.pdf (120 KB)", file: { name: "cv.pdf", size: 120 * 1024 } },
    ]);
    expect(answerLines(answers)).toBe("Your CV: cv.pdf (120 KB)");
    expect(JSON.stringify(answers)).not.toContain("private/");
    // Without its stored file (an alert written before), the name alone.
    expect(answersOf(form(fileField()), { cv: "cv.pdf" })).toEqual([
      { name: "cv", label: "Your CV", text: "cv.pdf" },
    ]);
  });

  it("is downloaded from the back office's route, its parts escaped", () => {
    expect(formFileHref("3f2a", "cv")).toBe("/admin/forms/files/3f2a/cv");
    expect(formFileHref("a/b", "c d")).toBe("/admin/forms/files/a%2Fb/c%20d");
  });
});
