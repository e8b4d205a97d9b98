import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { validate } from "dockerfile-utils";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { buildConfig, parseEnv } from "#server/config.ts";

const dockerfile = readFileSync("Dockerfile", "utf8");
const packageJson = JSON.parse(readFileSync("package.json", "utf8")) as {
  engines: { node: string };
};
const dockerignore = readFileSync(".dockerignore", "utf8").split("\n");
// Compose reads YAML merge keys (`<<: *s3`).
const compose = parse(readFileSync("compose.yaml", "utf8"), { merge: true }) as Compose;

interface ComposeService {
  build?: unknown;
  image?: string;
  environment?: Record<string, string | number>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] | string };
  volumes?: string[];
}
interface Compose {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

/** Compose's interpolation with nothing set: `${NAME:-default}` → default, `$$` → `$`. */
function withDefaults(value: string | number): string {
  return String(value)
    .replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, "$1")
    .replace(/\$\{[A-Z0-9_]+\}/g, "")
    .replace(/\$\$/g, "$");
}

/** The Dockerfile's instructions of its last stage (the image that runs). */
function finalStage(): string[] {
  const lines = dockerfile
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  const lastFrom = lines.findLastIndex((line) => /^FROM\s/i.test(line));
  return lines.slice(lastFrom);
}

function dockerIsAvailable(): boolean {
  const info = spawnSync("docker", ["info"], { stdio: "ignore" });
  const composePlugin = spawnSync("docker", ["compose", "version"], { stdio: "ignore" });
  return info.status === 0 && composePlugin.status === 0;
}

describe("Dockerfile", () => {
  it("passes the Dockerfile linter without a finding", () => {
    expect(validate(dockerfile).map((finding) => finding.message)).toEqual([]);
  });

  it("builds in stages on the current Node LTS and runs as a user other than root", () => {
    const stages = dockerfile.match(/^FROM\s.+$/gim) ?? [];
    expect(stages.length).toBeGreaterThanOrEqual(2);
    // Node 26 is the LTS line since 2026-10-28, with security fixes until 2029-04-30; Node 20's
    // ended on 2026-04-30 (decision 0240). The image's line satisfies package.json's engines.
    const image = /^ARG NODE_IMAGE=(.+)$/m.exec(dockerfile)?.[1];
    expect(image).toBe("node:26-trixie-slim");
    const oldestSupported = /^>=(\d+)\./.exec(packageJson.engines.node)?.[1];
    expect(Number(oldestSupported)).toBeLessThanOrEqual(26);
    const runtime = finalStage();
    const user = runtime.findLast((line) => /^USER\s/i.test(line));
    expect(user).toBeDefined();
    expect(user!.split(/\s+/)[1]).not.toMatch(/^(root|0)(:|$)/);
  });

  it("checks liveness and starts the server", () => {
    const runtime = finalStage();
    expect(runtime.find((line) => /^HEALTHCHECK\s/i.test(line))).toContain("/api/health/live/");
    expect(runtime.findLast((line) => /^CMD\s/i.test(line))).toContain("build/app-server/main.js");
    expect(runtime).toContain("EXPOSE 3000");
  });

  it("keeps dependencies, builds, data and secrets out of the build context", () => {
    for (const entry of ["node_modules", ".git", "build", "data", ".env", "*.tar.gz"]) {
      expect(dockerignore).toContain(entry);
    }
  });
});

describe("compose.yaml", () => {
  const { services } = compose;

  it("runs the app with PostgreSQL, Redis and an S3-compatible store, each with a healthcheck", () => {
    expect(Object.keys(services)).toEqual(
      expect.arrayContaining(["app", "postgres", "redis", "minio"]),
    );
    expect(services.app!.build).toBeDefined();
    for (const name of ["app", "postgres", "redis", "minio"]) {
      expect(services[name]!.healthcheck?.test, name).toBeDefined();
    }
    expect(JSON.stringify(services.app!.healthcheck!.test)).toContain("/api/health/ready/");
    expect(services.app!.depends_on).toMatchObject({
      postgres: { condition: "service_healthy" },
      redis: { condition: "service_healthy" },
    });
  });

  it("configures the app by environment alone, pointing it at the other services", () => {
    const environment = Object.fromEntries(
      Object.entries(services.app!.environment!).map(([name, value]) => [
        name,
        withDefaults(value),
      ]),
    );
    const config = buildConfig(parseEnv({ ...environment, TOKEN_SECRET: "x".repeat(48) }));
    expect(new URL(config.databaseUrl!).hostname).toBe("postgres");
    expect(new URL(config.redisUrl!).hostname).toBe("redis");
    expect(config.s3).toMatchObject({ endpoint: "http://minio:9000" });
    // The bucket the app uses is the one the set-up step creates, with the store's own keys.
    const minio = services.minio!.environment!;
    expect(config.s3!.accessKeyId).toBe(withDefaults(minio.MINIO_ROOT_USER!));
    expect(config.s3!.secretAccessKey).toBe(withDefaults(minio.MINIO_ROOT_PASSWORD!));
    const bucketStep = JSON.stringify(services["minio-bucket"]);
    expect(bucketStep).toContain("mc mb");
    expect(withDefaults(services["minio-bucket"]!.environment!.S3_BUCKET!)).toBe(config.s3!.bucket);
  });

  it("pins every image it pulls to a release tag", () => {
    const pulled = Object.entries(services).filter(([name]) => name !== "app");
    for (const [name, service] of pulled) {
      expect(service.image, name).toMatch(/^[\w./-]+:[\w.-]+$/);
      expect(service.image, name).not.toMatch(/:latest$/);
    }
    expect(services.minio!.image).toBe("quay.io/minio/minio:RELEASE.2025-04-22T22-12-26Z");
    expect(services["minio-bucket"]!.image).toBe("quay.io/minio/mc:RELEASE.2025-04-16T18-13-26Z");
  });

  it("keeps every service's data in a named volume", () => {
    const volumeOf = (service: string) => services[service]!.volumes?.[0]?.split(":")[0];
    for (const service of ["app", "postgres", "minio"]) {
      expect(Object.keys(compose.volumes ?? {})).toContain(volumeOf(service));
    }
  });
});

// Where a Docker daemon answers, the stack is built and started for real.
describe.runIf(dockerIsAvailable())("docker compose up", { timeout: 1_200_000 }, () => {
  it("builds the image, starts the stack and answers ready", () => {
    const project = `clubkalender-test-${process.pid}`;
    const compose = (...args: string[]) =>
      spawnSync("docker", ["compose", "-p", project, ...args], {
        encoding: "utf8",
        env: { ...process.env, APP_PORT: "0" },
      });
    try {
      const up = compose("up", "--build", "--detach", "--wait", "--wait-timeout", "300");
      expect(up.status, up.stderr).toBe(0);
      const ready = compose(
        "exec",
        "-T",
        "app",
        "node",
        "-e",
        "fetch('http://127.0.0.1:3000/api/health/ready/').then(async (r) => { console.log(await r.text()); process.exit(r.ok ? 0 : 1); })",
      );
      expect(ready.status, ready.stdout + ready.stderr).toBe(0);
      expect(JSON.parse(ready.stdout)).toEqual({
        status: "ready",
        checks: { database: "ok", mail: "ok", storage: "ok" },
      });
    } finally {
      compose("down", "--volumes", "--remove-orphans");
    }
  });
});
