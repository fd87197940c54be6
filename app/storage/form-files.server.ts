// What visitors attach to built forms, on the server: each file checked again by its field's rules (size, the
// name's ending), then by its own bytes: the type read from its first bytes by file-type, and for plain text and
// CSV, which have no such mark, a check of our own (no NUL or control bytes, no markup). Accepted files go to the
// private part of the object store (never served by /uploads/*); on any refusal or failure nothing stays stored,
// and the files of deleted submissions are deleted once the rows are (ADR 057).
import { logger } from "~/infra/logger.server";
import type { FormField } from "~/lib/form-builder/definition";
import {
  acceptedTypes,
  type ChosenFile,
  chosenFileError,
  cleanFileName,
  extensionOf,
  FILE_MESSAGES,
  type FileAnswer,
  type FileType,
} from "~/lib/form-builder/files";
import { objectStore } from "./configured-store.server";
import { isPrivateFileKey, type ObjectStore, privateKey } from "./object-store.server";

/** The private folder of form files. */
const FOLDER = "forms";

/** Whether `key` names a form file (the download route reads nothing else). */
export const isFormFileKey = (key: string): boolean => isPrivateFileKey(key, FOLDER);

/** A file that passed every check, with the type its bytes showed, ready to store. */
export interface AcceptedFile {
  field: string;
  name: string;
  bytes: Uint8Array;
  type: string;
  ext: string;
}

/** The parts of a multipart body that carried a file, by field name (a browser sends one per file input). */
export type SentFiles = Readonly<Record<string, readonly File[]>>;

/** A file the visitor really chose: a browser sends an empty part without a name for an input left empty. */
export const isChosen = (file: File): boolean => file.size > 0 || file.name !== "";

/** The name a file is stored and shown under ("file" when the browser sent none). */
export const storedName = (file: ChosenFile): string => cleanFileName(file.name) || "file";

/** Markup at the start of a text: HTML, SVG or XML, which is not plain text whatever its name says. */
const MARKUP_START = /^\s*<(?:[a-z!?/])/i;

/**
 * Whether the bytes are plain text: no NUL, no control bytes but tab, line breaks, form feed and escape, and not
 * markup. Any 8-bit encoding passes (a CSV from an older spreadsheet is often Windows-1252, not UTF-8).
 */
export function isPlainText(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1b)
      return false;
    if (byte === 0x7f) return false;
  }
  const start = new TextDecoder("utf-8").decode(bytes.subarray(0, 512)).replace(/^\uFEFF/, "");
  return !MARKUP_START.test(start);
}

const fitsName = (type: FileType, name: string) => {
  const ext = extensionOf(name);
  return ext === "" || type.extensions.includes(ext);
};

/**
 * The type the bytes show, if the field accepts it under this name: what file-type reads from the first bytes, or,
 * when it knows nothing, plain text or CSV by the name's ending for bytes that pass isPlainText. Undefined: refused.
 */
export async function sniffedType(
  field: FormField,
  name: string,
  bytes: Uint8Array,
): Promise<{ type: string; ext: string } | undefined> {
  const types = acceptedTypes(field);
  // Loaded on the first file, not at start-up.
  const { fileTypeFromBuffer } = await import("file-type");
  const found = await fileTypeFromBuffer(bytes);
  if (found) {
    const mime = found.mime.split(";")[0]?.trim().toLowerCase();
    const type = types.find((t) => t.mime === mime);
    return type && fitsName(type, name)
      ? { type: type.mime, ext: type.extensions[0] ?? found.ext }
      : undefined;
  }
  const ext = extensionOf(name);
  const text = types.find(
    (t) => t.mime.startsWith("text/") && (ext ? t.extensions.includes(ext) : t.mime === "text/plain"),
  );
  return text && isPlainText(bytes) ? { type: text.mime, ext: text.extensions[0] ?? "txt" } : undefined;
}

/**
 * Checks the files sent for the shown file fields: one file per field, then the field's rules on what the browser
 * said of it, then its bytes. Answers each field's message, and the files that passed.
 */
export async function checkFormFiles(
  fields: readonly FormField[],
  sent: SentFiles,
): Promise<{ fieldErrors: Record<string, string>; accepted: AcceptedFile[] }> {
  const fieldErrors: Record<string, string> = {};
  const accepted: AcceptedFile[] = [];
  for (const field of fields) {
    const files = (Object.hasOwn(sent, field.name) ? (sent[field.name] ?? []) : []).filter(isChosen);
    const file = files[0];
    if (!file) continue;
    if (files.length > 1) {
      fieldErrors[field.name] = FILE_MESSAGES.one;
      continue;
    }
    const name = storedName(file);
    const declared = chosenFileError(field, { name, size: file.size, type: file.type });
    if (declared) {
      fieldErrors[field.name] = declared;
      continue;
    }
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch {
      fieldErrors[field.name] = FILE_MESSAGES.unreadable;
      continue;
    }
    const sniffed = await sniffedType(field, name, bytes);
    if (!sniffed) {
      fieldErrors[field.name] = FILE_MESSAGES.type;
      continue;
    }
    accepted.push({ field: field.name, name, bytes, ...sniffed });
  }
  return { fieldErrors, accepted };
}

/**
 * Stores the accepted files under new private keys; answers what the submission keeps of each, by field. Should one
 * fail, those already stored are deleted and the error thrown.
 */
export async function storeFormFiles(
  files: readonly AcceptedFile[],
  store: ObjectStore = objectStore(),
): Promise<Record<string, FileAnswer>> {
  const stored: Record<string, FileAnswer> = {};
  try {
    for (const file of files) {
      const key = privateKey(FOLDER, file.ext);
      await store.put(key, file.bytes, file.type);
      stored[file.field] = { key, name: file.name, size: file.bytes.byteLength, type: file.type };
    }
  } catch (error) {
    await removeFormFiles([stored], store);
    throw error;
  }
  return stored;
}

/**
 * Deletes the stored files of these submissions' `files`, after their rows are gone (the store is outside the
 * database's transaction). A file already missing is no error; one that cannot be deleted is logged and left, an
 * orphan nobody can reach, rather than failing the deletion the member asked for.
 */
export async function removeFormFiles(
  files: ReadonlyArray<Readonly<Record<string, FileAnswer>> | null | undefined>,
  store: ObjectStore = objectStore(),
): Promise<void> {
  const keys = files.flatMap((byField) => Object.values(byField ?? {}).map((file) => file.key));
  const results = await Promise.allSettled(keys.filter(isFormFileKey).map((key) => store.delete(key)));
  const failed = results.filter((result) => result.status === "rejected");
  if (failed.length)
    logger.error({ err: failed[0]?.reason, count: failed.length }, "deleting form files failed");
}

/** A stored form file, to send to a member; undefined when it is not a form file or no longer stored. */
export async function openFormFile(key: string, store: ObjectStore = objectStore()) {
  return isFormFileKey(key) ? await store.get(key) : undefined;
}
