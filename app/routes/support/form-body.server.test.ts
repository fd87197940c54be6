import { describe, expect, it } from "vitest";
import { readFormBody } from "./form-body.server";

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://localhost/api/forms/x", { method: "POST", body, headers });

/** A body streamed without a Content-Length, as a chunked upload arrives. */
function chunked(bytes: Uint8Array, contentType: string) {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 16 * 1024)
        controller.enqueue(bytes.slice(at, at + 16 * 1024));
      controller.close();
    },
  });
  return new Request("http://localhost/api/forms/x", {
    method: "POST",
    body: stream,
    headers: { "content-type": contentType },
    duplex: "half",
  } as RequestInit);
}

async function multipart(form: FormData) {
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    bytes: new Uint8Array(await request.arrayBuffer()),
    type: request.headers.get("content-type") ?? "",
  };
}

describe("a built form's body", () => {
  it("gives the answers as text (a list for a repeated name) and the files apart", async () => {
    const form = new FormData();
    form.append("name", "Ada");
    form.append("topics", "ai");
    form.append("topics", "sales");
    form.append("cv", new File(["%PDF-1.4"], "cv.pdf", { type: "application/pdf" }));
    form.append("name_of_file_field_sent_as_text", "x");
    const read = await readFormBody(post(form), 64 * 1024);
    if (!read.ok) throw new Error(read.reason);
    expect(read.raw).toEqual({ name: "Ada", topics: ["ai", "sales"], name_of_file_field_sent_as_text: "x" });
    expect(Object.keys(read.files)).toEqual(["cv"]);
    expect(read.files.cv?.[0]?.name).toBe("cv.pdf");
    // Plain form posts read as before.
    const plain = await readFormBody(post(new URLSearchParams({ name: "Grace" })), 1024);
    expect(plain.ok && plain.raw).toEqual({ name: "Grace" });
  });

  it("is too large past the form's limit, by its length or as it streams, and read to its end either way", async () => {
    const form = new FormData();
    form.append("cv", new File([new Uint8Array(200 * 1024)], "cv.pdf"));
    const { bytes, type } = await multipart(form);
    expect(
      await readFormBody(post(bytes as Uint8Array<ArrayBuffer>, { "content-type": type }), 100 * 1024),
    ).toEqual({
      ok: false,
      reason: "too-large",
    });
    const streamed = chunked(bytes, type);
    expect(await readFormBody(streamed, 100 * 1024)).toEqual({ ok: false, reason: "too-large" });
    expect(streamed.bodyUsed).toBe(true);
    // Within the limit it is read whole.
    const read = await readFormBody(chunked(bytes, type), bytes.length);
    expect(read.ok && read.files.cv?.[0]?.size).toBe(200 * 1024);
  });

  it("is unreadable when it is not a form (JSON, a broken multipart body)", async () => {
    expect(await readFormBody(post('{"name":"Ada"}', { "content-type": "application/json" }), 1024)).toEqual({
      ok: false,
      reason: "unreadable",
    });
    expect(
      await readFormBody(post("\u0000%%%", { "content-type": "multipart/form-data; boundary=x" }), 1024),
    ).toEqual({ ok: false, reason: "unreadable" });
  });
});
