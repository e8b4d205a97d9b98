import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { inlineScriptPlugin } from "./vite-plugins/inline-script-plugin.ts";
import { serviceWorkerPlugin } from "./vite-plugins/service-worker-plugin.ts";
import { pagePartsChunkName, shellChunkName } from "./vite-plugins/shell-chunk.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), inlineScriptPlugin(), serviceWorkerPlugin()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The small shared modules of common/ in one file instead of a dozen sub-kilobyte ones
          // (decision 0194). Not the schemas, nor paging.ts that imports one: a group takes its
          // modules' dependencies along, and zod must stay off the pages without forms.
          groups: [
            { name: shellChunkName, priority: 1 },
            {
              name: "common",
              test: (id: string) =>
                /[\\/]common[\\/][a-z-]+\.ts$/.test(id) && !/paging\.ts$/.test(id),
              minShareCount: 2,
            },
            { name: pagePartsChunkName, minShareCount: 2 },
          ],
        },
      },
    },
  },
});
