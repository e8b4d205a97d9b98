import { afterAll, beforeAll, expect, it } from "vitest";
import { startS3Server, type S3TestServer } from "#tests/setup/s3-server.ts";
import { createTestConfig } from "#tests/setup/test-database.ts";
import { createMediaStorage } from "./create-media-storage.server.ts";

let server: S3TestServer;

beforeAll(async () => {
  server = await startS3Server();
});

afterAll(async () => {
  await server?.stop();
});

it("puts, gets and deletes objects in a real S3-compatible bucket", async () => {
  const storage = await createMediaStorage(createTestConfig(server.env));
  expect(storage.kind).toBe("s3");
  const key = "flyers/u7/0123456789abcdef0123456789abcdef-800.webp";
  const body = Buffer.from([0x52, 0x49, 0x46, 0x46, 0x00, 0xff, 0x10, 0x80, 0x7f]);

  await storage.put(key, body, "image/webp");
  const stored = await storage.get(key);
  expect(stored?.contentType).toBe("image/webp");
  expect(stored?.body.equals(body)).toBe(true);
  expect(storage.publicUrl(key)).toBeNull();

  await storage.delete(key);
  expect(await storage.get(key)).toBeNull();
  // Deleting again is no error, and a key that never existed reads as nothing.
  await storage.delete(key);
  expect(await storage.get("flyers/u7/nie-800.webp")).toBeNull();
  await expect(storage.put("../token-secret", body, "image/webp")).rejects.toThrow(
    "Not a media key",
  );
});

it("names the public address of an object when S3_PUBLIC_URL is set", async () => {
  const storage = await createMediaStorage(
    createTestConfig({ ...server.env, S3_PUBLIC_URL: `${server.endpoint}/${server.bucket}/` }),
  );
  const key = "flyers/u7/fedcba9876543210fedcba9876543210-400.webp";
  const body = Buffer.from("öffentlich");
  await storage.put(key, body, "image/webp");

  const url = storage.publicUrl(key);
  expect(url).toBe(`${server.endpoint}/${server.bucket}/${key}`);
  const response = await fetch(url!);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/webp");
  expect(Buffer.from(await response.arrayBuffer()).equals(body)).toBe(true);
  await storage.delete(key);
});
