import { describe, expect, it } from "vitest";
import { describeUserAgent, deviceClass } from "./user-agent";

describe("describeUserAgent", () => {
  it("names common browsers and systems", () => {
    const cases: [string, string][] = [
      [
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36",
        "Chrome on Linux",
      ],
      [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36 Edg/140.0",
        "Edge on Windows",
      ],
      [
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
        "Safari on macOS",
      ],
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
        "Safari on iOS",
      ],
      ["Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0", "Firefox on Android"],
      ["curl/8.5.0", "curl/8.5.0"],
    ];
    for (const [ua, name] of cases) expect(describeUserAgent(ua)).toBe(name);
  });

  it("says so when there is no user agent", () => {
    expect(describeUserAgent(null)).toBe("Unknown device");
    expect(describeUserAgent("  ")).toBe("Unknown device");
  });
});

describe("deviceClass", () => {
  it("tells phones, tablets and desktops apart", () => {
    const iphone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
    const pixel =
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36";
    const galaxyTab =
      "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 Chrome/130.0 Safari/537.36";
    const ipad = "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
    const mac =
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15";
    expect([iphone, pixel].map(deviceClass)).toEqual(["mobile", "mobile"]);
    expect([galaxyTab, ipad].map(deviceClass)).toEqual(["tablet", "tablet"]);
    expect([mac, "", undefined].map(deviceClass)).toEqual(["desktop", "desktop", "desktop"]);
  });
});
