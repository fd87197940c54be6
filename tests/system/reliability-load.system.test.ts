// Reliability under load: 1,000 contact submissions from 50 concurrent clients against the production
// server store exactly 1,000 rows and never answer 5xx. Each submission comes from its own client address, so the
// normal per-address rate limit stays on.
import { randomBytes } from "node:crypto";
import { expect, test } from "vitest";
import { adminCookie, uniqueIp } from "../e2e/support/server-process";
import { baseURL } from "./support";

const TOTAL = 1000;
const CLIENTS = 50;

test("1,000 contact submissions from 50 concurrent clients: 1,000 rows, no 5xx", {
  timeout: 180_000,
}, async () => {
  const tag = `load${randomBytes(4).toString("hex")}`;
  const statuses: number[] = [];
  let next = 0;
  const client = async () => {
    while (next < TOTAL) {
      const n = next++;
      const response = await fetch(`${baseURL}/contact`, {
        method: "POST",
        body: new URLSearchParams({
          name: `Load ${n}`,
          email: `${tag}-${n}@example.com`,
          interest: "consulting",
          message: `Load test submission ${n}`,
        }),
        headers: { Origin: baseURL, "X-Forwarded-For": uniqueIp() },
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));

  expect(statuses).toHaveLength(TOTAL);
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  expect(statuses.filter((s) => s !== 200)).toEqual([]);

  const cookie = await adminCookie(baseURL, { "X-Forwarded-For": uniqueIp() });
  const csv = await (
    await fetch(`${baseURL}/admin/contacts/export/contacts?q=${tag}`, { headers: { cookie } })
  ).text();
  const rows = csv.split("\r\n").filter((line) => line.includes(`${tag}-`));
  expect(rows).toHaveLength(TOTAL);
});
