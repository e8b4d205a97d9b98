// Bundles the server (server/main.ts and everything it imports from app/, common/ and server/)
// into one ES module (and a chunk per module it loads on first use), so a built `npm start` runs plain JavaScript: no tsx loader compiling a
// few hundred files in every process (decision 0204). Packages stay external (node_modules is
// there at run time); the migrations are copied to where the bundle looks for them.
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const buildDir = process.env.BUILD_DIR ?? "build";
const outDir = path.join(buildDir, "app-server");

rmSync(outDir, { recursive: true, force: true });
const { metafile } = await build({
  entryPoints: ["server/main.ts"],
  outdir: outDir,
  // Modules imported with import() stay chunks of their own, loaded on first use (decision
  // 0193): one file would hoist their packages to the top and load every SDK at start.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  packages: "external",
  sourcemap: "linked",
  // Keeps class and function names (error types are told apart by name in logs and tests).
  keepNames: true,
  logLevel: "warning",
  metafile: true,
});

// The database client looks for its migrations beside its own file (server/db/client.server.ts):
// copy them beside the output file that holds it, wherever the splitting put it.
const clientModule = "server/db/client.server.ts";
const clientOutput = Object.entries(metafile.outputs).find(
  ([file, output]) => !file.endsWith(".map") && clientModule in output.inputs,
)?.[0];
if (!clientOutput) throw new Error(`The server bundle holds no ${clientModule}.`);
cpSync("server/db/migrations", path.join(path.dirname(clientOutput), "migrations"), {
  recursive: true,
});
