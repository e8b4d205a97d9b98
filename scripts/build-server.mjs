// Bundles the server (server/main.ts and everything it imports from app/, common/ and server/)
// together with the React Router build (build/server/index.js), the demo data's child process
// (server/seed/demo-data-child.ts, decision 0247) and the npm packages they import
// into ES modules (and a chunk per module loaded on first use), so a built `npm start` runs plain
// JavaScript from a few dozen files: no tsx loader compiling a few hundred files in every process
// (decision 0204), no resolving and reading thousands of package files (decision 0206). Packages
// in `externalPackages` (scripts/server-bundle-options.mjs) stay in node_modules (there at run
// time); the migrations are copied to where the bundle looks for them.
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { serverBundleOptions } from "./server-bundle-options.mjs";

const buildDir = process.env.BUILD_DIR ?? "build";
const outDir = path.join(buildDir, "app-server");
/** The React Router build's entry in the bundle; server/web/web-plugin.ts imports it. */
const reactRouterBuildName = "react-router-build";
/** The demo data's short-lived child (decision 0247); server/seed/ forks it beside the server. */
const demoDataChildName = "demo-data-child";

rmSync(outDir, { recursive: true, force: true });
const { metafile } = await build({
  ...serverBundleOptions,
  entryPoints: {
    main: "server/main.ts",
    [reactRouterBuildName]: path.join(buildDir, "server", "index.js"),
    [demoDataChildName]: "server/seed/demo-data-child.ts",
  },
  outdir: outDir,
  define: {
    ...serverBundleOptions.define,
    BUNDLED_REACT_ROUTER_BUILD: JSON.stringify(`${reactRouterBuildName}.js`),
    BUNDLED_DEMO_DATA_CHILD: JSON.stringify(`${demoDataChildName}.js`),
  },
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
