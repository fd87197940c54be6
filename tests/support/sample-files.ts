// Files as visitors attach them to forms, made here byte for byte: a PDF, an Office document (a real ZIP package
// with its content types), plain text and CSV, and the impostors a check must refuse (a Windows program, HTML)
// under whatever name a test gives them.
import { crc32 } from "node:zlib";

const encode = (text: string) => new TextEncoder().encode(text);

/** A small but well-formed PDF: one empty page. */
export function pdfBytes(note = "Hello"): Uint8Array {
  return encode(
    "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n" +
      "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n" +
      "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n" +
      `% ${note}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

/** The start of a Windows program (an MZ header with its PE signature), whatever it is named. */
export function exeBytes(): Uint8Array {
  const bytes = new Uint8Array(512);
  bytes.set(encode("MZ"), 0);
  bytes.set([0x80, 0, 0, 0], 0x3c);
  bytes.set([0x50, 0x45, 0, 0, 0x4c, 0x01], 0x80);
  return bytes;
}

export const htmlBytes = (): Uint8Array =>
  encode("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n");

export const csvBytes = (): Uint8Array => encode("name,seats\nAda,10\nGrace,25\n");

/** A ZIP archive of `entries`, stored uncompressed: what an Office file is, given the right parts. */
export function zipBytes(entries: Record<string, string>): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    locals.push(local, fileName, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** A Word document (.docx): its content types name the main document part. */
export function docxBytes(): Uint8Array {
  return zipBytes({
    "[Content_Types].xml":
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      "</Types>",
    "word/document.xml":
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
  });
}
