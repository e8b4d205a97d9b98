import path from "node:path";

interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: string[] } | null;
}

const rootModule = path.resolve("app/root.tsx");

/**
 * The code-splitting group for the frame of every page (decision 0195): every module the root
 * route imports statically — React, React Router, the header, footer, consent dialog, the stores
 * the frame reads — in one chunk `shell`, however many routes share a module too. Every page
 * loads all of it anyway (the root route is always loaded); left to automatic splitting, each
 * module shared with some route became a file of its own, and every file is a request before
 * hydration. The root module itself stays in the root route's chunk.
 */
export function shellChunkName(id: string, ctx: ChunkingContext): string | null {
  return rootGraph(ctx).has(id) && !id.startsWith(rootModule) ? "shell" : null;
}

let cached: { ctx: ChunkingContext; ids: Set<string> } | null = null;

function rootGraph(ctx: ChunkingContext): Set<string> {
  if (cached?.ctx === ctx) return cached.ids;
  const ids = new Set<string>();
  const queue = [`${rootModule}?__react-router-build-client-route`];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (ids.has(id)) continue;
    ids.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  cached = { ctx, ids };
  return ids;
}

const componentsFolder = path.resolve("app/components") + path.sep;

/**
 * The code-splitting group for small page parts several routes share (decision 0195): a
 * component under app/components/ that imports nothing beyond the frame (`shell`) — a form's
 * alert, its token field, a card of plain markup. Left alone, each such leaf shared by two
 * routes is a file of its own and one more request before a page hydrates; together they are
 * one small file. A part with imports of its own stays out, so no group drags a dependency
 * (zod, above all) onto a page that does not use it.
 */
export function pagePartsChunkName(id: string, ctx: ChunkingContext): string | null {
  if (!id.startsWith(componentsFolder)) return null;
  const frame = rootGraph(ctx);
  if (frame.has(id)) return null;
  const imports = ctx.getModuleInfo(id)?.importedIds ?? [];
  return imports.every((imported) => frame.has(imported)) ? "page-parts" : null;
}
