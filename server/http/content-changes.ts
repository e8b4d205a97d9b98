import fp from "fastify-plugin";
import { forgetContentVersion } from "#server/domain/content-version/content-version.server.ts";

const readingMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export interface ContentChangesOptions {
  /** Forgets the content version here and in every other process of the cluster (decision
   * 0191); resolves once they have the notice. Default: only this process forgets it. */
  announce?: () => Promise<void>;
}

/**
 * Before a request that may have written (anything but GET, HEAD, OPTIONS) is answered, the
 * content version this process read is forgotten — and, in the cluster, every worker's — so the
 * next request, in whichever worker, asks the database and sees the edit instead of a page kept
 * from before it (the version is otherwise trusted for up to a second).
 */
export const contentChanges = fp<ContentChangesOptions>(
  async (app, { announce }) => {
    app.addHook("onSend", async (request, _reply, payload) => {
      if (readingMethods.has(request.method)) return payload;
      if (announce) await announce();
      else forgetContentVersion();
      return payload;
    });
  },
  { name: "content-changes" },
);
