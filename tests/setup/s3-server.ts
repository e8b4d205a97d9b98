import { spawn } from "node:child_process";
import { S3Client } from "@aws-sdk/client-s3";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

/** s3rver's fixed credentials: it accepts requests signed with these. */
const ACCESS_KEY = "S3RVER";

export interface S3TestServer {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** The S3_* variables that point the configuration at this server. */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) as a child process on a free port of 127.0.0.1, keeping
 * its objects in a fresh temporary folder, with one empty bucket. `stop` ends the process and
 * removes the folder.
 */
export async function startS3Server(bucket = "media"): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "clubkalender-s3-"));
  const bin = path.join(
    path.dirname(createRequire(import.meta.url).resolve("s3rver/package.json")),
    "bin/s3rver.js",
  );
  const child = spawn(
    process.execPath,
    [bin, "-d", directory, "-a", "127.0.0.1", "-p", "0", "-s", "--configure-bucket", bucket],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on 127\.0\.0\.1:(\d+)/.exec(output);
        if (match) resolve(Number(match[1]));
      });
      child.stderr.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.once("exit", (code) => reject(new Error(`s3rver exited (${code}): ${output}`)));
    });
    const endpoint = `http://127.0.0.1:${port}`;
    return {
      endpoint,
      bucket,
      env: {
        S3_ENDPOINT: endpoint,
        S3_REGION: "us-east-1",
        S3_BUCKET: bucket,
        S3_ACCESS_KEY_ID: ACCESS_KEY,
        S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A client of its own for `server`, to look into the bucket without the driver under test. */
export function bucketClient(server: S3TestServer): S3Client {
  return new S3Client({
    region: server.env.S3_REGION,
    endpoint: server.endpoint,
    forcePathStyle: true,
    credentials: {
      accessKeyId: server.env.S3_ACCESS_KEY_ID!,
      secretAccessKey: server.env.S3_SECRET_ACCESS_KEY!,
    },
  });
}
