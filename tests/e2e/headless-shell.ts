import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync } from "node:fs";
import { chmod, link, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createBrotliDecompress } from "node:zlib";

/**
 * Chromium's headless shell — the browser Playwright itself runs headless tests in — from the npm
 * package `@sparticuz/chromium`, which ships it brotli-compressed. It is inflated once per
 * package version into `node_modules/.cache/` (a new version gets a new folder). A page load
 * there costs about a third of the processor time the full Chromium's headless mode takes
 * (decision 0245). The browser stage's global setup inflates it before any worker starts.
 */

const require = createRequire(import.meta.url);

const PACKAGE = "@sparticuz/chromium";

/** The package's folder (its `package.json` names the version; its exports hide that file). */
function packageDir(): string {
  const entry = require.resolve(PACKAGE);
  const marker = `${path.sep}node_modules${path.sep}${PACKAGE}${path.sep}`;
  return entry.slice(0, entry.lastIndexOf(marker) + marker.length - 1);
}

/** Where this version's inflated binary lies. */
function binaryPath(): string {
  const dir = packageDir();
  const { version } = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as {
    version: string;
  };
  const projectModules = path.resolve(dir, "../..");
  return path.join(projectModules, ".cache", `headless-shell-${version}`, "chromium");
}

let inflating: Promise<string> | undefined;

/** The headless shell's path, inflating it first if this checkout does not have it yet. */
export function headlessShellPath(): Promise<string> {
  const binary = binaryPath();
  if (existsSync(binary)) return Promise.resolve(binary);
  inflating ??= inflate(binary).finally(() => {
    inflating = undefined;
  });
  return inflating;
}

/** Inflates the shell to `binary`; a file already there is kept, never replaced. */
export async function inflate(binary: string): Promise<string> {
  mkdirSync(path.dirname(binary), { recursive: true });
  // Another process may inflate at the same time: each writes its own file and links it into
  // place, which fails when the binary is there already. A rename would replace a binary a
  // running browser was started from: its next child (GPU, renderer) then fails to start,
  // because Chromium starts children from its own file ("chromium (deleted)").
  const partial = `${binary}.${process.pid}.part`;
  try {
    await pipeline(
      createReadStream(path.join(packageDir(), "bin", "chromium.br")),
      createBrotliDecompress(),
      createWriteStream(partial),
    );
    await chmod(partial, 0o755);
    await link(partial, binary).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
  } finally {
    await rm(partial, { force: true });
  }
  return binary;
}
