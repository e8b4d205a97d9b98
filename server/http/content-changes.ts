import fp from "fastify-plugin";
import type { DomainDeps } from "#server/domain/deps.ts";
import {
  forgetContentVersion,
  refreshContentVersion,
} from "#server/domain/content-version/content-version.server.ts";

const readingMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export interface ContentChangesOptions {
  deps: DomainDeps;
  /** Tells every other process of the cluster the new content version (decision 0191);
   * resolves once they have it. Unset: one process, nobody to tell. */
  announce?: (version: number) => Promise<void>;
}

/**
 * Before a request that may have written (anything but GET, HEAD, OPTIONS) is answered, the
 * content version this process read is forgotten, so its next request asks the database and
 * sees the edit instead of a page kept from before it (the version is otherwise trusted for up
 * to a second). In a worker of the cluster the version is read at once and, if it moved, handed
 * to every other worker before the answer goes out: the next request sees the edit whichever
 * worker answers it, and writes that change no content (view counts) cost no more than one read.
 */
export const contentChanges = fp<ContentChangesOptions>(
  async (app, { deps, announce }) => {
    app.addHook("onSend", async (request, _reply, payload) => {
      if (readingMethods.has(request.method)) return payload;
      if (!announce) {
        forgetContentVersion();
        return payload;
      }
      // Without the database the others learn of a change within a second, as from any writer.
      const refreshed = await refreshContentVersion(deps).catch(() => null);
      if (refreshed?.moved) await announce(refreshed.version);
      return payload;
    });
  },
  { name: "content-changes" },
);
