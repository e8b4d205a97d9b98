import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, projectRoot, removeDir, startAppServer, type AppServer } from "./app-server.ts";
import {
  poisoningHosts,
  rawGet,
  renderedAddress,
  type RawAnswer,
  type RawTarget,
} from "./raw-http.ts";

/**
 * The reverse proxy configurations of docs/deployment.md, taken from the document as they are
 * (only ports, certificate and temporary paths replaced), in front of the real server: none of
 * the requests that poisoned the page cache before decision 0196 changes what a normal visitor
 * gets through nginx or Caddy (issue 25). Needs Debian's `nginx-light` (or `nginx`) and `caddy`
 * (`.ci/run` installs them).
 */

const publicHost = "partys.example.org";
const workDir = mkdtempSync(path.join(os.tmpdir(), "clubkalender-proxies-"));
let server: AppServer;
const proxies: ChildProcess[] = [];

/** The one fenced block of `language` in docs/deployment.md. */
function documentedBlock(language: string): string {
  const doc = readFileSync(path.join(projectRoot, "docs/deployment.md"), "utf8");
  const blocks = [...doc.matchAll(new RegExp("```" + language + "\\n([\\s\\S]*?)```", "g"))];
  expect(blocks, `one \`\`\`${language} block in docs/deployment.md`).toHaveLength(1);
  return blocks[0]![1]!;
}

function replaceOnce(text: string, from: string, to: string): string {
  expect(text, `the documented configuration holds ${from}`).toContain(from);
  return text.replace(from, to);
}

async function startProxy(command: string, args: string[], port: number): Promise<void> {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  proxies.push(child);
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} exited:\n${output}`);
    try {
      const answer = await rawGet(
        { port, tlsServerName: publicHost },
        "/api/health/live/",
        publicHost,
      );
      if (answer.status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${command} did not answer:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function startNginx(appPort: number): Promise<number> {
  const [tlsPort, plainPort] = [await freePort(), await freePort()];
  const certificate = path.join(workDir, "certificate.pem");
  const key = path.join(workDir, "key.pem");
  execFileSync("openssl", [
    ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"],
    ...["-keyout", key, "-out", certificate, "-subj", `/CN=${publicHost}`],
  ]);
  let site = documentedBlock("nginx");
  site = replaceOnce(site, "listen 443 ssl", `listen 127.0.0.1:${tlsPort} ssl`);
  site = replaceOnce(site, "listen 80;", `listen 127.0.0.1:${plainPort};`);
  site = replaceOnce(site, `/etc/letsencrypt/live/${publicHost}/fullchain.pem`, certificate);
  site = replaceOnce(site, `/etc/letsencrypt/live/${publicHost}/privkey.pem`, key);
  site = replaceOnce(site, "http://127.0.0.1:3000", `http://127.0.0.1:${appPort}`);
  const temp = path.join(workDir, "nginx");
  execFileSync("mkdir", ["-p", temp]);
  chmodSync(workDir, 0o755);
  const config = path.join(workDir, "nginx.conf");
  writeFileSync(
    config,
    `daemon off; user root; pid ${temp}/nginx.pid; error_log ${temp}/error.log;\n` +
      `events {}\nhttp {\n  access_log off;\n` +
      ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
        .map((kind) => `  ${kind}_temp_path ${temp}/${kind};\n`)
        .join("") +
      `${site}\n}\n`,
  );
  await startProxy("nginx", ["-c", config, "-p", temp], tlsPort);
  return tlsPort;
}

async function startCaddy(appPort: number): Promise<number> {
  const tlsPort = await freePort();
  let site = documentedBlock("caddyfile");
  site = replaceOnce(site, `${publicHost} {`, `https://${publicHost}:${tlsPort} {`);
  site = replaceOnce(site, "reverse_proxy 127.0.0.1:3000", `reverse_proxy 127.0.0.1:${appPort}`);
  const config = path.join(workDir, "Caddyfile");
  // Certificates from Caddy's own local authority (no ACME), its state in the work folder.
  writeFileSync(
    config,
    `{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\tauto_https disable_redirects\n` +
      `\tstorage file_system ${path.join(workDir, "caddy")}\n}\n${site}`,
  );
  await startProxy("caddy", ["run", "--config", config, "--adapter", "caddyfile"], tlsPort);
  return tlsPort;
}

beforeAll(async () => {
  server = await startAppServer({
    env: {
      SEED_DEMO_DATA: "false",
      WEB_CONCURRENCY: "2",
      PAGE_CACHE_SECONDS: "300",
      PUBLIC_URL: `https://${publicHost}`,
      TRUST_PROXY: "1",
    },
  });
});

afterAll(async () => {
  for (const proxy of proxies) proxy.kill("SIGTERM");
  await server?.dispose();
  removeDir(workDir);
});

describe.each([
  ["nginx", startNginx],
  ["Caddy", startCaddy],
])("behind %s configured as docs/deployment.md says", (_name, start) => {
  let proxy: RawTarget;
  beforeAll(async () => {
    proxy = { port: await start(server.port), tlsServerName: publicHost };
  });

  /**
   * A proxy may refuse a request itself, answer it empty (Caddy, for a host it does not serve)
   * or fill in its own server name for a missing `Host`: what comes back is the asked page or
   * nothing, and the next visitor gets the page.
   */
  const expectThePageOrARefusal = (answer: RawAnswer, path: string) => {
    if (answer.status >= 300 || answer.body === "") return;
    expect(answer.status).toBe(200);
    expect(renderedAddress(answer.body)).toBe(path);
  };

  it("passes no request through that changes what the next visitor of a page gets", async () => {
    for (const { host, version } of poisoningHosts) {
      for (let attempt = 0; attempt < 4; attempt++) {
        const hostLine = host?.replace("HOST", publicHost) ?? null;
        expectThePageOrARefusal(await rawGet(proxy, "/club", hostLine, version), "/club");
      }
      const visitor = await rawGet(proxy, "/club", publicHost);
      expect(visitor.status).toBe(200);
      expect(renderedAddress(visitor.body), `after Host ${JSON.stringify(host)}`).toBe("/club");
    }
  });

  it("answers an absolute-form request for another host with nothing of that host", async () => {
    const answer = await rawGet(proxy, "http://evil.example/newsletter", publicHost);
    expectThePageOrARefusal(answer, "/newsletter");
    const visitor = await rawGet(proxy, "/newsletter", publicHost);
    expect(renderedAddress(visitor.body)).toBe("/newsletter");
  });

  it("serves the site's pages as usual", async () => {
    const home = await rawGet(proxy, "/", publicHost);
    expect(home.status).toBe(200);
    expect(renderedAddress(home.body)).toBe("/");
  });
});
