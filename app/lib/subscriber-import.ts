// Reading a subscriber list from a CSV file (docs/decisions/038-subscriber-import.md): the columns are found by
// their header (any case, any order: e-mail, name, sign-up date), each row is checked, and the bad ones are
// reported by their row number as a spreadsheet counts them (the header is row 1). Browser-safe, no I/O.
import { z } from "zod";
import { parseCsv } from "~/lib/csv";
import { safeText } from "~/lib/safe-text";

/** The largest file accepted (413 above it) and the most data rows (400 above it). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
/** The largest import form: the file plus room for the other fields and the multipart framing around it. */
export const IMPORT_MAX_BODY_BYTES = IMPORT_MAX_BYTES + 64 * 1024;
/** Said next to the file, by the screen before it uploads and by the server when a larger file arrives anyway. */
export const IMPORT_TOO_LARGE = `The file is too large: a list can be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it and import the parts one after the other.`;
/** Rows written per transaction: a batch is written whole or not at all. */
export const IMPORT_BATCH_ROWS = 500;
/** Skipped and invalid rows listed in the report (the counts are exact; the lists stop here). */
export const IMPORT_PROBLEMS_KEPT = 500;
export const IMPORT_NAME_MAX = 200;
const EMAIL_MAX = 254;
const CELL_MAX = 1000;

/** The consent statement the importer must tick; stored with the import's audit entry. */
export const IMPORT_CONSENT_STATEMENT =
  "These people agreed to receive our newsletter, and I can show when and how they agreed.";

/** A valid row of the file, ready to write. */
export interface ImportRow {
  row: number;
  email: string;
  name: string | null;
  /** ISO timestamp; null: the moment of the import. */
  signedUpAt: string | null;
}

/** A row that was not written, and why. */
export interface RowProblem {
  row: number;
  email: string;
  reason: string;
}

export type ReadResult =
  | { ok: true; rows: ImportRow[]; invalid: RowProblem[]; total: number }
  | { ok: false; message: string };

type Column = "email" | "name" | "date";

/** Header names understood, compared on their letters only (so "E-mail", "e_mail" and "EMAIL" are one). */
const HEADERS: Record<string, Column> = {
  email: "email",
  emailaddress: "email",
  mail: "email",
  name: "name",
  fullname: "name",
  signupdate: "date",
  signedup: "date",
  signedupat: "date",
  signedupon: "date",
  subscribed: "date",
  subscribedat: "date",
  subscribedon: "date",
  date: "date",
};

const letters = (cell: string) => cell.toLowerCase().replace(/[^a-z]/g, "");

/** The first line decides the delimiter: a spreadsheet set to a European locale writes semicolons. */
function delimiterOf(text: string): string {
  const first = text.slice(0, text.search(/\r|\n|$/));
  const count = (d: string) => first.split(d).length;
  return count(";") > count(",") ? ";" : count("\t") > count(",") ? "\t" : ",";
}

const emailSchema = z.email();
const isEmail = (value: string) => emailSchema.safeParse(value).success;

const DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A sign-up date as ISO, or the reason it is refused. Dates without a time are taken at midnight UTC. */
export function readSignUpDate(value: string, now = new Date()): { at: string } | { reason: string } {
  const m = DATE.exec(value);
  if (!m) return { reason: "Sign-up date not understood: write it as YYYY-MM-DD (or YYYY-MM-DD HH:MM)" };
  const [, y, mo, d, h = "00", mi = "00", s = "00", zone = "Z"] = m;
  const date = new Date(
    `${y}-${mo}-${d}T${h}:${mi}:${s}${zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone}`,
  );
  const sameDay = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (
    Number.isNaN(date.getTime()) ||
    sameDay.getUTCMonth() !== Number(mo) - 1 ||
    sameDay.getUTCDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59
  ) {
    return { reason: "Sign-up date is not a real date" };
  }
  if (Number(y) < 1990) return { reason: "Sign-up date before 1990" };
  if (date.getTime() > now.getTime() + 24 * 3600_000) return { reason: "Sign-up date in the future" };
  return { at: date.toISOString() };
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/**
 * The rows of a subscriber CSV, checked: valid ones (addresses lower-cased, hostile text made safe) and invalid
 * ones with their row number and reason. Refuses the whole file (ok: false) when the header names no e-mail
 * column or the file has more than IMPORT_MAX_ROWS rows. Blank lines are ignored and not counted.
 */
export function readSubscriberCsv(input: string, now = new Date()): ReadResult {
  const text = safeText(input.startsWith("\uFEFF") ? input.slice(1) : input);
  const records = parseCsv(text, delimiterOf(text));
  const header = records[0];
  if (!header) return { ok: false, message: "The file is empty." };
  const columns = new Map<Column, number>();
  header.forEach((cell, index) => {
    const column = HEADERS[letters(cell)];
    if (column && !columns.has(column)) columns.set(column, index);
  });
  const emailAt = columns.get("email");
  if (emailAt === undefined) {
    return {
      ok: false,
      message:
        "The first row must name the columns: an “e-mail” column, and optionally “name” and “sign-up date”.",
    };
  }
  const nameAt = columns.get("name");
  const dateAt = columns.get("date");
  const rows: ImportRow[] = [];
  const invalid: RowProblem[] = [];
  let total = 0;
  for (let index = 1; index < records.length; index++) {
    const cells = records[index] ?? [];
    if (cells.every((cell) => cell.trim() === "")) continue;
    total++;
    if (total > IMPORT_MAX_ROWS) {
      return {
        ok: false,
        message: `The file has more than ${plural(IMPORT_MAX_ROWS, "row")}. Split it and import the parts one after the other.`,
      };
    }
    const row = index + 1;
    const cell = (at: number | undefined) => (at === undefined ? "" : (cells[at] ?? "").trim());
    const email = cell(emailAt).toLowerCase();
    const shown = [...email].slice(0, 100).join("");
    const problem = (reason: string) => invalid.push({ row, email: shown, reason });
    const name = cell(nameAt);
    const date = cell(dateAt);
    if (!email) problem("No e-mail address");
    else if (email.length > EMAIL_MAX) problem(`E-mail address longer than ${EMAIL_MAX} characters`);
    else if (!isEmail(email)) problem("Not a valid e-mail address");
    else if ([...name].length > IMPORT_NAME_MAX) problem(`Name longer than ${IMPORT_NAME_MAX} characters`);
    else if (date.length > CELL_MAX) problem("Sign-up date not understood");
    else {
      const signedUp = date ? readSignUpDate(date, now) : null;
      if (signedUp && "reason" in signedUp) problem(signedUp.reason);
      else rows.push({ row, email, name: name || null, signedUpAt: signedUp?.at ?? null });
    }
  }
  return { ok: true, rows, invalid, total };
}
