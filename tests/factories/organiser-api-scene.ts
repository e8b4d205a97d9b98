import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "#server/app.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { createClub } from "./catalog.ts";
import { createUser } from "./users.ts";

/** Friday 2026-11-20, 21:00 in Berlin. */
export const FRIDAY_EVENING = "2026-11-20T20:00:00Z";

export interface OrganiserApiScene {
  ctx: TestContext;
  app: FastifyInstance;
  /** The bearer token of a signed-in organiser. */
  token: string;
  clubId: number;
}

/**
 * An API test's world: a database with the clock at `FRIDAY_EVENING`, the whole API, a signed-in
 * organiser and one club, made before the file's tests and closed after them.
 */
export function setUpOrganiserApiScene(clubName = "Distillery"): OrganiserApiScene {
  const scene = {} as OrganiserApiScene;
  beforeAll(async () => {
    scene.ctx = await createTestContext({ now: FRIDAY_EVENING });
    scene.app = await buildApp({ deps: scene.ctx.deps });
    const owner = await createUser(scene.ctx.deps);
    scene.token = (await startSession(scene.ctx.deps, owner.id, null)).access;
    scene.clubId = (await createClub(scene.ctx.deps, { name: clubName })).id;
  });
  afterAll(async () => {
    await scene.app.close();
    await scene.ctx.close();
  });
  return scene;
}
