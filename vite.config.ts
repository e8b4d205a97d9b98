import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { inlineScriptPlugin } from "./vite-plugins/inline-script-plugin.ts";
import { serviceWorkerPlugin } from "./vite-plugins/service-worker-plugin.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), inlineScriptPlugin(), serviceWorkerPlugin()],
  build: { assetsInlineLimit: 0 },
});
