import type { DomainDeps } from "../server/domain/deps.ts";

/** What Fastify hands every loader and action: the domain's dependencies. */
declare module "react-router" {
  interface AppLoadContext {
    deps: DomainDeps;
  }
}

export {};
