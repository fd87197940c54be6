import type { Config } from "@react-router/dev/config";

export default {
  // Server-side rendering for every page: crawlers and slow phones get real HTML.
  ssr: true,
} satisfies Config;
