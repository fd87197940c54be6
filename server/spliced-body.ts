// A cached body with a hole wherever the nonce of its render was, filled per answer with that answer's nonce,
// as sent (identity) and gzip-compressed. The compressed form is made once per entry and still takes a fresh
// nonce per answer without compressing anything:
//
//   gzip header · deflate(piece 0) · stored block(nonce) · deflate(piece 1) · … · deflate(last piece) · CRC · size
//
// Each piece is compressed as its own run of deflate blocks ending byte-aligned (a sync flush), so a deflate
// "stored" block holding the nonce verbatim can sit between two pieces; the last piece ends the stream. A piece
// may refer back to earlier pieces but never into a nonce (see gzipBody). Only the gzip trailer's CRC-32 depends on
// the nonce, and it does so linearly: an answer costs a copy, the nonce's CRC and one multiplication (see fill).
// (Brotli cannot be spliced like this: its literals are coded in the context of the two bytes before them, so a
// different nonce changes how the following piece decodes.)
import { promisify } from "node:util";
import zlib from "node:zlib";

export interface SplicedBody {
  /** The bytes, with the render's nonce (or anything) where the holes are. */
  bytes: Buffer;
  /** Where each copy of the nonce goes. */
  holes: number[];
  /** Length of the nonce the holes are cut for. */
  nonceLength: number;
  /**
   * gzip only: the trailer's CRC-32 for a nonce N is `base ^ shift·(crc32(N) ^ zeroNonce)` (see fill): the CRC of
   * the body with zero bytes in the holes, the sum of x^(8·bytes after each hole), the CRC of a nonce of zeros.
   */
  crc?: { base: number; shift: number; zeroNonce: number };
  /** Copies already sent and given back (release): reused, so a hit neither allocates nor copies the body. */
  spare: Buffer[];
}

/** Bytes held in spare copies across all bodies; past the budget, copies given back are left to the GC. */
let spareBytes = 0;
const SPARE_BUDGET_BYTES = 16 * 1024 * 1024;

/** `body` cut at every occurrence of `nonce` (none when the nonce is empty). */
export function splitOnNonce(body: Buffer, nonce: string): Buffer[] {
  if (!nonce) return [body];
  const needle = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(needle, from); at !== -1; at = body.indexOf(needle, from)) {
    pieces.push(body.subarray(from, at));
    from = at + needle.length;
  }
  pieces.push(body.subarray(from));
  return pieces;
}

/** The uncompressed body: the pieces with a nonce-sized hole between each two. */
export function identityBody(pieces: Buffer[], nonceLength: number): SplicedBody {
  const holes: number[] = [];
  let at = 0;
  pieces.forEach((piece, i) => {
    if (i > 0) {
      holes.push(at);
      at += nonceLength;
    }
    at += piece.length;
  });
  const bytes = Buffer.alloc(at);
  pieces.forEach((piece, i) => {
    piece.copy(bytes, i === 0 ? 0 : (holes[i - 1] as number) + nonceLength);
  });
  return { bytes, holes, nonceLength, spare: [] };
}

const deflateRaw = promisify(zlib.deflateRaw) as (buf: Buffer, options: zlib.ZlibOptions) => Promise<Buffer>;
/** How far back a deflate match may reach. */
const WINDOW_BYTES = 32 * 1024;
/** gzip member header: magic, deflate, no flags, no mtime, no extra flags, OS "unknown". */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The gzip form of the pieces with a nonce-sized stored block between each two. Runs on zlib's thread pool. */
export async function gzipBody(pieces: Buffer[], nonceLength: number): Promise<SplicedBody> {
  const last = pieces.length - 1;
  // Each piece may refer back to the pieces before it (a preset dictionary: what the decoder has already
  // written, with zero bytes where the nonces go). HTML holds no zero byte, so no match can reach into a nonce; a
  // body that does contains one is compressed piece by piece without the dictionary.
  const chained = !pieces.some((piece) => piece.includes(0));
  // The uncompressed body with zeroed holes: the dictionaries, the CRC for fill() and the size in the trailer.
  const zeroed = identityBody(pieces, nonceLength);
  const before = (i: number) => {
    const end = (zeroed.holes[i - 1] as number) + nonceLength;
    return zeroed.bytes.subarray(Math.max(0, end - WINDOW_BYTES), end);
  };
  const compressed = await Promise.all(
    pieces.map((piece, i) =>
      deflateRaw(piece, {
        level: zlib.constants.Z_BEST_COMPRESSION,
        finishFlush: i === last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
        ...(chained && i > 0 ? { dictionary: before(i) } : {}),
      }),
    ),
  );
  // A stored block that is not the last: header byte 0 (BFINAL 0, BTYPE 00, padding), LEN, one's complement NLEN.
  const stored = Buffer.from([
    0,
    nonceLength & 0xff,
    nonceLength >> 8,
    ~nonceLength & 0xff,
    (~nonceLength >> 8) & 0xff,
  ]);
  const parts: Buffer[] = [GZIP_HEADER];
  const holes: number[] = [];
  let at = GZIP_HEADER.length;
  compressed.forEach((block, i) => {
    if (i > 0) {
      parts.push(stored, Buffer.alloc(nonceLength));
      holes.push(at + stored.length);
      at += stored.length + nonceLength;
    }
    parts.push(block);
    at += block.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zeroed.bytes.length >>> 0, 4);
  parts.push(trailer);
  return {
    bytes: Buffer.concat(parts),
    holes,
    nonceLength,
    crc: nonceCrc(zeroed),
    spare: [],
  };
}

/**
 * A copy of the body with `nonce` in every hole (and, for gzip, the CRC that goes with it). Hand it to release()
 * once it has been written (never while a write may still read it), and the next answer reuses it: only the
 * holes and the CRC are written again.
 */
export function fill(body: SplicedBody, nonce: Buffer): Buffer {
  let out = body.spare.pop();
  if (out) spareBytes -= out.length;
  else out = Buffer.from(body.bytes);
  for (const hole of body.holes) out.set(nonce, hole);
  if (body.crc) {
    // For messages of one length, CRC-32 is affine: crc(A ⊕ B) = crc(A) ⊕ crc(B) ⊕ crc(zeros). The body is the
    // body with zeroed holes ⊕ the nonce at each hole; a nonce followed by q bytes adds x^(8q)·(crc(N) ⊕ crc(0ⁿ)),
    // and the same nonce at every hole adds (Σ x^(8q))·(crc(N) ⊕ crc(0ⁿ)), the sum precomputed in `shift`.
    const { base, shift, zeroNonce } = body.crc;
    const crc = (base ^ multiplyModP(shift, (zlib.crc32(nonce) ^ zeroNonce) >>> 0)) >>> 0;
    out.writeUInt32LE(crc, out.length - 8);
  }
  return out;
}

/** Gives a copy made by fill() back for reuse, once the response it was sent with has finished. */
export function release(body: SplicedBody, copy: Buffer) {
  if (spareBytes + copy.length > SPARE_BUDGET_BYTES) return;
  body.spare.push(copy);
  spareBytes += copy.length;
}

/** Forgets the spare copies of a body that is no longer served. */
export function dropSpares(body: SplicedBody) {
  for (const copy of body.spare.splice(0)) spareBytes -= copy.length;
}

/** What fill() needs for the trailer's CRC-32, from the body with zeroed holes (identityBody). */
function nonceCrc({ bytes, holes, nonceLength }: SplicedBody): NonNullable<SplicedBody["crc"]> {
  let shift = 0;
  for (const hole of holes) shift ^= shiftFor(bytes.length - hole - nonceLength);
  return { base: zlib.crc32(bytes), shift: shift >>> 0, zeroNonce: zlib.crc32(Buffer.alloc(nonceLength)) };
}

// CRC-32 arithmetic: appending n zero bytes to a message multiplies its CRC by x^(8n) modulo the CRC polynomial,
// in the reflected bit order CRC-32 uses.
const POLY = 0xedb88320;

/** a·b modulo the CRC-32 polynomial (reflected). */
function multiplyModP(a: number, b: number): number {
  if (!a) return 0;
  let m = 0x80000000;
  let p = 0;
  let bb = b >>> 0;
  for (;;) {
    if (a & m) {
      p ^= bb;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    bb = bb & 1 ? (bb >>> 1) ^ POLY : bb >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0…31. */
const X2N: number[] = [];
{
  let p = 0x40000000; // x^1
  X2N.push(p);
  for (let k = 1; k < 32; k++) {
    p = multiplyModP(p, p);
    X2N.push(p);
  }
}

/** x^(8·bytes) modulo the polynomial: multiplying a CRC by it appends `bytes` zero bytes. */
function shiftFor(bytes: number): number {
  let p = 0x80000000; // x^0
  let n = bytes;
  let k = 3; // 8 bits per byte
  while (n) {
    if (n & 1) p = multiplyModP(X2N[k & 31] as number, p);
    n >>>= 1;
    k++;
  }
  return p >>> 0;
}
