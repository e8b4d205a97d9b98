import { asc, eq } from "drizzle-orm";
import { safeHttpUrl, safeLocalPath } from "#common/safe-url.ts";
import { redirectSchema } from "#common/schemas/admin.ts";
import { redirects } from "#server/db/schema/content.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError, ValidationError } from "#server/domain/errors.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { redirectKey } from "./redirects.server.ts";

export interface RedirectRow {
  id: number;
  fromPath: string;
  toPath: string;
  statusCode: number;
}

export async function listRedirects(deps: DomainDeps): Promise<RedirectRow[]> {
  return deps.db
    .select({
      id: redirects.id,
      fromPath: redirects.fromPath,
      toPath: redirects.toPath,
      statusCode: redirects.statusCode,
    })
    .from(redirects)
    .orderBy(asc(redirects.fromPath));
}

const loopMessage = "Diese Weiterleitung ergäbe eine Schleife und wird nicht gespeichert.";

/**
 * Whether following `from → to` and then the stored redirects comes back to `from` (a loop).
 * External targets end every chain.
 */
function makesLoop(table: Map<string, string>, from: string, to: string): boolean {
  const seen = new Set([from]);
  let next: string | undefined = to;
  while (next !== undefined && safeLocalPath(next) !== null) {
    const key = redirectKey(next);
    if (seen.has(key)) return true;
    seen.add(key);
    next = table.get(key);
  }
  return false;
}

/**
 * Adds a 301 redirect (or changes the one from the same path): the target is a local path or
 * an http(s) address; a redirect that would loop is refused and nothing changes.
 */
export async function saveRedirect(
  deps: DomainDeps,
  actor: Actor,
  input: unknown,
): Promise<RedirectRow> {
  const parsed = parseInput(redirectSchema, input);
  const fromPath = redirectKey(parsed.fromPath);
  if (safeLocalPath(fromPath) === null) {
    throw new ValidationError({ fromPath: ["Bitte einen Pfad dieser Seite, z. B. /alte-seite."] });
  }
  const toPath = safeLocalPath(parsed.toPath) ?? safeHttpUrl(parsed.toPath);
  if (toPath === null) {
    throw new ValidationError({ toPath: ["Bitte einen Pfad (/…) oder eine http(s)-Adresse."] });
  }
  const table = new Map(
    (await listRedirects(deps))
      .filter((row) => redirectKey(row.fromPath) !== fromPath)
      .map((row) => [redirectKey(row.fromPath), row.toPath]),
  );
  if (makesLoop(table, fromPath, toPath)) throw new ValidationError({ toPath: [loopMessage] });
  const [saved] = await deps.db
    .insert(redirects)
    .values({ fromPath, toPath, statusCode: 301, createdAt: deps.now() })
    .onConflictDoUpdate({ target: redirects.fromPath, set: { toPath, statusCode: 301 } })
    .returning();
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: "redirect.save",
    entityType: "redirect",
    entityId: saved!.id,
    details: { fromPath, toPath },
    ip: actor.ip ?? null,
  });
  return saved!;
}

export async function deleteRedirect(deps: DomainDeps, actor: Actor, id: number): Promise<void> {
  const [deleted] = await deps.db
    .delete(redirects)
    .where(eq(redirects.id, id))
    .returning({ id: redirects.id });
  if (!deleted) throw new NotFoundError("Diese Weiterleitung gibt es nicht.");
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: "redirect.delete",
    entityType: "redirect",
    entityId: id,
    ip: actor.ip ?? null,
  });
}
