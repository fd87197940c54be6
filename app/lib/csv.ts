// CSV (RFC 4180), written and read.
// Writing: comma-separated, CRLF line ends, fields quoted when they hold a comma, a quote, CR or LF, quotes
// doubled. Lead data is typed by visitors and opened in spreadsheets, so a field starting with a formula trigger
// (= + - @, tab, CR) is prefixed with an apostrophe: the spreadsheet shows text instead of running it (OWASP "CSV
// injection"). Reading (a subscriber list's import): `parseCsv`.

export type CsvValue = string | number | boolean | Date | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, neutralised and quoted as needed. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  // Numbers we produce ourselves (e.g. -1) are data, not formulas; only text is neutralised.
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

/** The whole document: a header line, then one line per row, each ended by CRLF. */
export function toCsv<T>(columns: ReadonlyArray<CsvColumn<T>>, rows: Iterable<T>): string {
  const lines = [columns.map((c) => csvField(c.header)).join(",")];
  for (const row of rows) lines.push(columns.map((c) => csvField(c.value(row))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * RFC 4180 records: fields split by `delimiter`, double quotes around a field that holds the delimiter, a quote
 * (doubled) or a line break; CRLF, LF or CR ends a record. Lenient where spreadsheets are: a quote inside an
 * unquoted field is kept as text, and an unclosed quote runs to the end of the file. Scans with indexOf and
 * slices, so a 5 MB file takes milliseconds.
 */
export function parseCsv(text: string, delimiter = ","): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    let field: string;
    if (text[i] === '"') {
      // A quoted field: up to the closing quote; "" inside is one quote. Text after the closing quote is kept.
      let value = "";
      let from = i + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote === -1) {
          value += text.slice(from);
          i = n;
          break;
        }
        value += text.slice(from, quote);
        if (text[quote + 1] === '"') {
          value += '"';
          from = quote + 2;
          continue;
        }
        i = quote + 1;
        break;
      }
      let end = i;
      while (end < n && text[end] !== delimiter && text[end] !== "\n" && text[end] !== "\r") end++;
      field = value + text.slice(i, end);
      i = end;
    } else {
      let end = i;
      while (end < n && text[end] !== delimiter && text[end] !== "\n" && text[end] !== "\r") end++;
      field = text.slice(i, end);
      i = end;
    }
    record.push(field);
    if (i >= n) break;
    if (text[i] === delimiter) {
      i++;
      // A delimiter at the very end: one more, empty field.
      if (i === n) record.push("");
      continue;
    }
    // A line break ends the record (CRLF counts once).
    i += text[i] === "\r" && text[i + 1] === "\n" ? 2 : 1;
    records.push(record);
    record = [];
  }
  if (record.length) records.push(record);
  return records;
}
