import { count, desc, eq } from "drizzle-orm";
import { auditLog } from "#server/db/schema/audit.ts";
import { users } from "#server/db/schema/users.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { offsetOf, type Page, type PageRequest } from "#server/domain/paging.ts";

export interface AuditLogEntry {
  id: number;
  action: string;
  entityType: string;
  entityId: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  createdAt: Date;
  actor: { id: number; email: string } | null;
}

/**
 * The audit log, newest first: who, what, when, from which address. Entries never hold secrets
 * or tokens (recordAudit's callers write only names, ids and reasons).
 */
export async function listAuditLog(
  deps: DomainDeps,
  paging: PageRequest,
): Promise<Page<AuditLogEntry>> {
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        entityType: auditLog.entityType,
        entityId: auditLog.entityId,
        details: auditLog.details,
        ip: auditLog.ip,
        createdAt: auditLog.createdAt,
        actorId: users.id,
        actorEmail: users.email,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(paging.pageSize)
      .offset(offsetOf(paging)),
    deps.db.select({ n: count() }).from(auditLog),
  ]);
  return {
    ...paging,
    count: total!.n,
    items: rows.map(({ actorId, actorEmail, ...entry }) => ({
      ...entry,
      actor: actorId === null ? null : { id: actorId, email: actorEmail! },
    })),
  };
}
