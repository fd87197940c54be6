import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { fill, gzipBody, identityBody, release, splitOnNonce } from "./spliced-body";

const rendered = "bm9uY2Utb2YtcmVxdWVzdC0x";
const page = (nonce: string) =>
  `<!DOCTYPE html><script nonce="${nonce}">a()</script>${"<p>Some text, repeated. </p>".repeat(400)}` +
  `<script nonce="${nonce}"></script>{"nonce":"${nonce}"}<footer>end</footer>`;

describe("nonce holes", () => {
  it("cuts a page at every occurrence of its nonce", () => {
    expect(splitOnNonce(Buffer.from(page(rendered)), rendered)).toHaveLength(4);
    expect(splitOnNonce(Buffer.from("<p>plain</p>"), rendered)).toHaveLength(1);
    expect(splitOnNonce(Buffer.from(page(rendered)), "")).toHaveLength(1);
  });

  it("fills the holes with each answer's nonce, uncompressed, also in copies given back for reuse", () => {
    const body = identityBody(splitOnNonce(Buffer.from(page(rendered)), rendered), rendered.length);
    const held = fill(body, Buffer.from(randomBytes(16).toString("base64")));
    for (let i = 0; i < 3; i++) {
      const fresh = randomBytes(16).toString("base64");
      const copy = fill(body, Buffer.from(fresh));
      expect(copy).not.toBe(held);
      expect(copy.toString()).toBe(page(fresh));
      release(body, copy);
    }
    expect(body.spare).toHaveLength(1);
  });

  it("fills the holes of the precompressed gzip form: valid gzip, same bytes, correct CRC", async () => {
    const withZero = `<p>a\u0000b</p>${page(rendered)}`; // compressed piece by piece, without back-references
    const many = Array.from({ length: 40 }, (_, i) => `<i>${i}</i>${rendered}`).join("");
    for (const text of [
      page(rendered),
      `${rendered}middle${rendered}`,
      "no nonce at all",
      "",
      withZero,
      many,
    ]) {
      const body = await gzipBody(splitOnNonce(Buffer.from(text), rendered), rendered.length);
      for (let i = 0; i < 3; i++) {
        const fresh = randomBytes(16).toString("base64");
        // gunzipSync checks the CRC and the size in the trailer.
        const copy = fill(body, Buffer.from(fresh));
        expect(zlib.gunzipSync(copy).toString()).toBe(text.split(rendered).join(fresh));
        release(body, copy);
      }
    }
    const big = await gzipBody(splitOnNonce(Buffer.from(page(rendered)), rendered), rendered.length);
    // Pieces refer back to earlier pieces: about as small as compressing the page whole.
    expect(big.bytes.length).toBeLessThan(zlib.gzipSync(page(rendered)).length + 200);
  });
});
