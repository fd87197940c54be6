// Debian's Chromium, as the end-to-end tests and the Lighthouse bench start it (no browser download here).

/** Flags for a headless Chromium with no GPU and no background traffic (updates, sync) to disturb a measurement. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** CHROMIUM_PATH, or Debian's /usr/bin/chromium. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
}
