import { describe, expect, it } from "vitest";
import { clientAddress, clientKey } from "./request-context.server";

describe("client addresses for per-address limits", () => {
  it("writes IPv4-mapped IPv6 as IPv4", () => {
    expect(clientAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientAddress("::FFFF:10.0.0.1")).toBe("10.0.0.1");
    expect(clientAddress("2001:db8::1")).toBe("2001:db8::1");
    expect(clientAddress("198.51.100.4")).toBe("198.51.100.4");
  });

  it("counts IPv4 per address, mapped or not", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("203.0.113.8")).not.toBe(clientKey("203.0.113.7"));
  });

  it("counts IPv6 per /64, however the address is written", () => {
    const key = "2001:db8:1:2::/64";
    expect(clientKey("2001:db8:1:2::1")).toBe(key);
    expect(clientKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe(key);
    expect(clientKey("2001:DB8:1:2:a:b:c:d")).toBe(key);
    expect(clientKey("2001:db8:1:2::1.2.3.4")).toBe(key);
    expect(clientKey("2001:db8:1:2::1%eth0")).toBe(key);
    expect(clientKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("fe80::1")).toBe("fe80:0:0:0::/64");
  });

  it("leaves what is not an address alone", () => {
    expect(clientKey("unknown")).toBe("unknown");
    expect(clientKey("")).toBe("");
  });
});
