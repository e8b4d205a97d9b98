import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { injectManifest } from "workbox-build";
import { build, type Plugin } from "vite";

/**
 * After the browser build, bundles app/service-worker/service-worker.ts (with Workbox) into
 * <build>/client/sw.js and injects the precache manifest: the hashed scripts and styles, the
 * Latin fonts and the icons — the app shell.
 */
export function serviceWorkerPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: "clubkalender:service-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      root = config.root;
    },
    async writeBundle(options, bundle) {
      const clientDir = options.dir;
      // Error reporting is loaded only where SENTRY_DSN is set: not part of the shell.
      const optionalChunks = Object.values(bundle)
        .filter(
          (file) => file.type === "chunk" && file.moduleIds.some((id) => id.includes("/@sentry/")),
        )
        .map((file) => file.fileName);
      if (!clientDir) throw new Error("The client build has no output folder");
      const output = await build({
        configFile: false,
        root,
        logLevel: "warn",
        define: { "process.env.NODE_ENV": JSON.stringify("production") },
        build: {
          write: false,
          minify: true,
          rollupOptions: {
            input: path.join(root, "app/service-worker/service-worker.ts"),
            output: { format: "iife" },
          },
        },
      });
      const [result] = Array.isArray(output) ? output : [output];
      const chunk = result && "output" in result ? result.output[0] : undefined;
      if (!chunk || chunk.type !== "chunk") throw new Error("The service worker did not bundle");

      const scratch = mkdtempSync(path.join(os.tmpdir(), "clubkalender-sw-"));
      try {
        const source = path.join(scratch, "sw.js");
        writeFileSync(source, chunk.code);
        const { count, size, warnings } = await injectManifest({
          swSrc: source,
          swDest: path.join(clientDir, "sw.js"),
          globDirectory: clientDir,
          globPatterns: [
            "assets/**/*.{js,css}",
            "assets/**/*latin*.woff2",
            "assets/**/space-grotesk*.woff2",
            "icons/*.png",
            "favicon.svg",
          ],
          globIgnores: ["sw.js", ...optionalChunks],
          // Hashed file names are their own revision.
          dontCacheBustURLsMatching: /^assets\//,
          maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        });
        for (const warning of warnings) this.warn(warning);
        this.info?.(`service worker: ${count} files precached (${Math.round(size / 1024)} kB)`);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
  };
}
