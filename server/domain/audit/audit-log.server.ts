import { auditLog } from "#server/db/schema/audit.ts";
import type { DomainDeps } from "#server/domain/deps.ts";

export interface AuditEntry {
  actorUserId: number | null;
  /** What was attempted, e.g. "event.update.denied" or "auth.refresh_token_reused". */
  action: string;
  entityType: string;
  entityId?: string | number | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** Writes one entry to audit_log: refused attempts and security-relevant events. */
export async function recordAudit(deps: DomainDeps, entry: AuditEntry): Promise<void> {
  await deps.db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    entityType: entry.entityType,
    entityId:
      entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    details: entry.details ?? {},
    ip: entry.ip ?? null,
    createdAt: deps.now(),
  });
}
