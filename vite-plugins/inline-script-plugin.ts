import path from "node:path";
import { build, type Plugin } from "vite";

const PREFIX = "virtual:inline-script/";

/**
 * `import code from "virtual:inline-script/<path from the project root>"` gives that module
 * bundled (with its imports) and minified as one classic script, as a string to inline into
 * the document — for the little that must run before the first paint.
 */
export function inlineScriptPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: "clubkalender:inline-script",
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const entry = path.resolve(root, id.slice(PREFIX.length + 1));
      this.addWatchFile(entry);
      const output = await build({
        configFile: false,
        root,
        logLevel: "warn",
        build: {
          write: false,
          minify: true,
          rollupOptions: { input: entry, output: { format: "iife" } },
        },
      });
      const [result] = Array.isArray(output) ? output : [output];
      if (!result || !("output" in result)) throw new Error(`Could not bundle ${entry}`);
      const [chunk] = result.output;
      if (!chunk || chunk.type !== "chunk") throw new Error(`No script bundled from ${entry}`);
      return `export default ${JSON.stringify(chunk.code.trim())};`;
    },
  };
}
