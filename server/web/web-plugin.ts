import { reactRouterFastify } from "@mcansh/remix-fastify/react-router";
import type { FastifyInstance } from "fastify";
import type { DomainDeps } from "../domain/deps.ts";

/** The server-rendered site: React Router in production from build/, in development via Vite. */
export async function webPlugin(
  app: FastifyInstance,
  { deps, mode }: { deps: DomainDeps; mode: "production" | "development" },
) {
  await app.register(reactRouterFastify, {
    mode,
    buildDirectory: deps.config.buildDir,
    getLoadContext: () => ({ deps }),
  });
}
