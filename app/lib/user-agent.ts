// A readable name for a browser from its User-Agent header ("Chrome on Linux"), for the list of signed-in
// sessions. Deliberately small: it names the common browsers and systems and says "Unknown" otherwise.
import { safeText } from "./safe-text";

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera)\//, "Opera"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, "Windows"],
  [/\b(iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

function first(list: [RegExp, string][], value: string): string | undefined {
  return list.find(([pattern]) => pattern.test(value))?.[1];
}

/** "Chrome on Linux", "Safari on iOS", "Firefox", "Unknown device". */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const value = userAgent?.trim() ?? "";
  if (!value) return "Unknown device";
  const browser = first(BROWSERS, value);
  const system = first(SYSTEMS, value);
  if (browser && system) return `${browser} on ${system}`;
  if (browser || system) return (browser ?? system) as string;
  return value.length > 40 ? `${safeText(value, 40)}…` : value;
}

type DeviceClass = "mobile" | "tablet" | "desktop";

/** The kind of device, for analytics: tablets first (an iPad or an Android without "Mobile"), then phones. */
export function deviceClass(userAgent: string | null | undefined): DeviceClass {
  const value = userAgent ?? "";
  if (/\biPad\b|\bTablet\b|\bAndroid\b(?!.*\bMobile\b)/i.test(value)) return "tablet";
  if (/\bMobi|\biPhone\b|\biPod\b|\bAndroid\b/i.test(value)) return "mobile";
  return "desktop";
}
