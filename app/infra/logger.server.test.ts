import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.server";

function collect() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => chunks.join("") };
}

describe("logger", () => {
  it("writes one JSON object per line when stdout is not a terminal", () => {
    const out = collect();
    createLogger(false, out.stream).info({ path: "/pricing", password: "hunter2" }, "page served");
    const line = JSON.parse(out.text().trim());
    expect(line).toMatchObject({ level: 30, msg: "page served", path: "/pricing", password: "[redacted]" });
  });

  it("writes readable lines at a terminal, still redacting secrets", () => {
    const out = collect();
    createLogger(true, out.stream).info({ path: "/pricing", password: "hunter2" }, "page served");
    const text = out.text();
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: page served\n/);
    expect(text).toContain('path: "/pricing"');
    expect(text).toContain('password: "[redacted]"');
    expect(text).not.toContain("hunter2");
    expect(() => JSON.parse(text)).toThrow();
  });
});
