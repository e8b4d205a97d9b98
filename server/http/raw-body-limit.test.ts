import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { postFromAnotherProcess } from "#tests/setup/post-from-another-process.ts";
import { lingeringClose } from "./lingering-close.ts";
import { limitRawBodies } from "./raw-body-limit.ts";

/** A route like the React Router handler: every body arrives as an unparsed stream. */
async function streamingApp() {
  const app = Fastify();
  lingeringClose(app);
  limitRawBodies(app, 1_000);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
  const countBytes = async (request: { raw: AsyncIterable<Buffer> }) => {
    let size = 0;
    for await (const chunk of request.raw) size += chunk.length;
    return { size };
  };
  app.post("/user/login", countBytes);
  app.post("/admin/katalog/clubs/:id", countBytes);
  return app;
}

describe("the site's body limit", () => {
  it("passes a form within the limit on unchanged", async () => {
    const app = await streamingApp();
    const response = await app.inject({
      method: "POST",
      url: "/user/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "email=a%40example.org&password=x",
    });
    expect(response.json()).toEqual({ size: 32 });
  });

  it("lets only the admin's club form post a photo as multipart beyond the form limit", async () => {
    const app = await streamingApp();
    const photoPost = (url: string, contentType: string) =>
      app.inject({
        method: "POST",
        url,
        headers: { "content-type": contentType },
        payload: "x".repeat(5_000),
      });
    const multipart = "multipart/form-data; boundary=grenze";
    expect((await photoPost("/admin/katalog/clubs/7", multipart)).json()).toEqual({ size: 5_000 });
    expect((await photoPost("/admin/katalog/clubs/7.data", multipart)).statusCode).toBe(200);
    expect(
      (await photoPost("/admin/katalog/clubs/7", "application/x-www-form-urlencoded")).statusCode,
    ).toBe(413);
    expect((await photoPost("/user/login", multipart)).statusCode).toBe(413);
  });

  it("refuses a declared oversized form before reading it", async () => {
    const app = await streamingApp();
    const response = await app.inject({
      method: "POST",
      url: "/user/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "a=" + "x".repeat(5_000),
    });
    expect(response.statusCode).toBe(413);
  });

  it("refuses a body of undeclared length without reading it", async () => {
    const app = await streamingApp();
    let produced = 0;
    const endless = new Readable({
      read() {
        produced += 500;
        this.push(produced > 100_000 ? null : Buffer.alloc(500, 120));
      },
    });
    const response = await app.inject({
      method: "POST",
      url: "/user/login",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "transfer-encoding": "chunked",
      },
      payload: endless,
    });
    expect(response.statusCode).toBe(411);
    expect(produced).toBeLessThan(100_000);
  });

  it("lets fetch read the refusal of a whole oversized form it sends", async () => {
    const app = await streamingApp();
    await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const { port } = app.server.address() as AddressInfo;
      const answers = await postFromAnotherProcess(`http://127.0.0.1:${port}/user/login`, {
        contentType: "application/x-www-form-urlencoded",
        bytes: 6 * 1_048_576,
        times: 12,
      });
      expect(answers).toEqual(Array(12).fill("413 Die Anfrage ist zu groß."));
    } finally {
      await app.close();
    }
  });
});
