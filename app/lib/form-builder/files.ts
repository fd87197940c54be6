// Files a visitor attaches to a built form: the kinds a file field may accept, its size limit, and the check of a
// chosen file by its name, declared type and size, which the browser runs before sending and the server runs again
// before it looks at the file's own bytes (app/storage/form-files.server.ts decides from those). Browser-safe.
import { safeText } from "~/lib/safe-text";
import { formatBytes } from "~/lib/uploads";
import type { FormDefinition, FormField } from "./definition";

/** The kinds of file a field can accept; each is a short list of types, never "anything". */
export const FILE_KINDS = ["pdf", "images", "office", "text"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const FILE_KIND_LABELS: Record<FileKind, string> = {
  pdf: "PDF",
  images: "Images (PNG, JPEG, WebP)",
  office: "Word, Excel, PowerPoint (.docx, .xlsx, .pptx)",
  text: "Plain text, CSV",
};

/** One accepted type: its MIME type and the file name endings it goes by. */
export interface FileType {
  mime: string;
  extensions: readonly string[];
}

const OOXML = "application/vnd.openxmlformats-officedocument";

export const FILE_KIND_TYPES: Record<FileKind, readonly FileType[]> = {
  pdf: [{ mime: "application/pdf", extensions: ["pdf"] }],
  images: [
    { mime: "image/png", extensions: ["png"] },
    { mime: "image/jpeg", extensions: ["jpg", "jpeg"] },
    { mime: "image/webp", extensions: ["webp"] },
  ],
  office: [
    { mime: `${OOXML}.wordprocessingml.document`, extensions: ["docx"] },
    { mime: `${OOXML}.spreadsheetml.sheet`, extensions: ["xlsx"] },
    { mime: `${OOXML}.presentationml.presentation`, extensions: ["pptx"] },
  ],
  text: [
    { mime: "text/plain", extensions: ["txt"] },
    { mime: "text/csv", extensions: ["csv"] },
  ],
};

/** The largest file a field takes by default, and at most, in MB. */
export const DEFAULT_FILE_MB = 5;
export const MAX_FILE_MB = 10;
/** File fields one form may have (each takes one file). */
export const MAX_FILE_FIELDS = 3;
/** What a form's body may carry besides its files: every text answer and the multipart framing. */
export const FORM_BODY_OVERHEAD = 64 * 1024;

const MB = 1024 * 1024;

/** The largest body any form may be sent with: every file field at the largest size. */
export const MAX_FORM_BODY = FORM_BODY_OVERHEAD + MAX_FILE_FIELDS * MAX_FILE_MB * MB;

export const FILE_MESSAGES = {
  type: "This file type is not accepted here.",
  empty: "This file is empty.",
  tooLarge: (mb: number) => `This file is larger than ${mb} MB. Please choose a smaller one.`,
  unreadable: "This file could not be read. Please choose it again.",
  one: "Please choose one file.",
} as const;

/** A stored file as a submission keeps it: where it is in the private store, its name, size and real type. */
export interface FileAnswer {
  key: string;
  name: string;
  size: number;
  type: string;
}

/** A stored file as people read it: its name and size ("cv.pdf (120 KB)"). */
export const fileAnswerText = (file: ShownFile): string => `${file.name} (${formatBytes(file.size)})`;

/** A stored file as the back office shows it: its name and size (where it is stored stays on the server). */
export type ShownFile = Pick<FileAnswer, "name" | "size">;

/** A submission's files as the back office shows them. */
export const shownFiles = (files: Readonly<Record<string, FileAnswer>>): Record<string, ShownFile> =>
  Object.fromEntries(Object.entries(files).map(([field, { name, size }]) => [field, { name, size }]));

/** A chosen file as the browser describes it (a File, or the part of a multipart body on the server). */
export interface ChosenFile {
  name: string;
  size: number;
  type: string;
}

/** The field's largest file in MB: its own setting, else the default, never above the maximum. */
export function maxFileMb(field: FormField): number {
  const mb = field.maxSizeMb ?? DEFAULT_FILE_MB;
  return Number.isInteger(mb) && mb >= 1 ? Math.min(mb, MAX_FILE_MB) : DEFAULT_FILE_MB;
}

export const maxFileBytes = (field: FormField): number => maxFileMb(field) * MB;

/** The types a field accepts (PDF when it names no kind). */
export function acceptedTypes(field: FormField): FileType[] {
  const kinds = field.fileKinds?.length ? field.fileKinds : (["pdf"] as const);
  return kinds.flatMap((kind) => FILE_KIND_TYPES[kind] ?? []);
}

/** The `accept` attribute of the field's file input: every ending and MIME type it takes. */
export function acceptAttribute(field: FormField): string {
  return acceptedTypes(field)
    .flatMap((type) => [...type.extensions.map((ext) => `.${ext}`), type.mime])
    .join(",");
}

/** A file name's ending, lower-cased ("" without one). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/**
 * What is wrong with a chosen file, judged by what the browser says of it: empty, over the field's size, or not one
 * of its types by the name's ending (by the declared type when the name has none). Undefined when it may be sent;
 * the server still decides from the bytes.
 */
export function chosenFileError(field: FormField, file: ChosenFile): string | undefined {
  if (file.size === 0) return FILE_MESSAGES.empty;
  if (file.size > maxFileBytes(field)) return FILE_MESSAGES.tooLarge(maxFileMb(field));
  const ext = extensionOf(file.name);
  const types = acceptedTypes(field);
  const known = ext
    ? types.some((type) => type.extensions.includes(ext))
    : types.some((type) => type.mime === file.type.split(";")[0]?.trim().toLowerCase());
  return known ? undefined : FILE_MESSAGES.type;
}

/** The file fields of a form. */
export const fileFieldsOf = (definition: FormDefinition): FormField[] =>
  definition.fields.filter((field) => field.type === "file");

/** The largest body this form is sent with: its text answers and every file field at its largest. */
export function formBodyLimit(definition: FormDefinition): number {
  return fileFieldsOf(definition).reduce((sum, field) => sum + maxFileBytes(field), FORM_BODY_OVERHEAD);
}

/** A file's own name as it is stored and shown: no folder, no control characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  const own = (name.split(/[\\/]/).pop() ?? "").replace(/[\p{Cc}\p{Cf}]/gu, "").trim();
  return safeText(own, 200);
}

/** Where a member downloads a submission's file (the back office's route, which checks they may see leads). */
export const formFileHref = (responseId: string, field: string): string =>
  `/admin/forms/files/${encodeURIComponent(responseId)}/${encodeURIComponent(field)}`;
