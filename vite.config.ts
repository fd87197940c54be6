import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The server bundle's entry is our HTTP app (server/app.ts), which imports the React Router build.
  environments: { ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } } },
  // Start-up time: these packages ship hundreds of small modules each (better-auth pulls in kysely), and Node
  // spends most of a cold start resolving them. Bundled into the server build they load as one file, tree-shaken.
  ssr: {
    noExternal: [
      /^better-auth/,
      /^@better-auth\//,
      /^better-call/,
      /^@better-fetch\//,
      /^@noble\//,
      "kysely",
      "drizzle-orm",
      "zod",
      "jose",
      "defu",
      // Their package entries load every icon and every primitive (lucide-react's CommonJS build alone adds
      // ~40 MB and a third of a second to a cold start); bundled, only what the app uses is included.
      "lucide-react",
      /^radix-ui/,
      /^@radix-ui\//,
      // Resolved by Vite like our own code, so its react-router is the same copy as the app's: in development Vite
      // picks react-router's development build, which Node alone would not, and the request context's class would
      // then be a different one from the router's (npm run dev answered every page with a 500).
      "@react-router/express",
    ],
  },
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  server: { port: 3000 },
});
