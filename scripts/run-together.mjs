// `node scripts/run-together.mjs lint typecheck`: runs npm scripts side by side — each is one
// process on one core, so on a two-core machine the pair takes as long as the longer one, not
// both (decision 0217). Each script's output is printed in one piece when it ends; exits 1 when
// any of them failed, after all have ended.
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("Usage: node scripts/run-together.mjs <npm script> <npm script> …");
  process.exit(2);
}

/** npm as it runs this script (npm_execpath), else the one on the PATH. */
function npmRun(script) {
  const npmCli = process.env.npm_execpath;
  return npmCli
    ? spawn(process.execPath, [npmCli, "run", script], { stdio: ["ignore", "pipe", "pipe"] })
    : spawn("npm", ["run", script], { stdio: ["ignore", "pipe", "pipe"] });
}

function run(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = npmRun(script);
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    let ended = false;
    const end = (code) => {
      if (ended) return;
      ended = true;
      process.stdout.write(Buffer.concat(output));
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const outcome = code === 0 ? "passed" : `failed (exit code ${code})`;
      console.log(`npm run ${script} ${outcome} in ${seconds} s.`);
      resolve(code === 0);
    };
    child.once("error", (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      end(null);
    });
    // "close" comes once the output is read, too.
    child.once("close", end);
  });
}

const passed = await Promise.all(scripts.map(run));
process.exit(passed.every(Boolean) ? 0 : 1);
