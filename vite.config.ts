import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The server bundle's entry is our HTTP app (server/app.ts), which imports the React Router build.
  environments: { ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } } },
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  server: { port: 3000 },
});
