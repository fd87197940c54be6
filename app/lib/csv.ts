// CSV export (RFC 4180): comma-separated, CRLF line ends, fields quoted when they hold a comma, a quote, CR or
// LF, quotes doubled. Lead data is typed by visitors and opened in spreadsheets, so a field starting with a
// formula trigger (= + - @, tab, CR) is prefixed with an apostrophe: the spreadsheet shows text instead of
// running it (OWASP "CSV injection").

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
