import { createHash, createHmac, randomUUID } from "node:crypto";
import { and, eq, exists, isNull, sql } from "drizzle-orm";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { refreshTokens } from "#server/db/schema/auth.ts";
import { users } from "#server/db/schema/users.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { AuthenticationError } from "#server/domain/errors.ts";
import {
  ACCESS_TOKEN_TTL_S,
  REFRESH_REUSE_GRACE_S,
  REFRESH_TOKEN_TTL_S,
} from "./token-lifetimes.ts";

/**
 * Login sessions: an HS256 access token (15 min) and a rotating refresh token (30 days), both
 * JWTs signed with TOKEN_SECRET. A session is a refresh-token family; every refresh replaces the
 * token, and presenting a replaced one again revokes the family (decision 0030).
 */

export interface TokenPair {
  access: string;
  refresh: string;
}

export interface SessionUser {
  id: number;
  email: string;
  displayName: string;
  role: "user" | "admin";
}

export interface AuthenticatedSession {
  user: SessionUser;
  /** The refresh-token family this login belongs to. */
  sessionId: string;
}

type TokenType = "access" | "refresh";

const invalidTokenMessage = "Das Anmelde-Token ist ungültig oder abgelaufen.";

const secretKey = (deps: DomainDeps) => new TextEncoder().encode(deps.config.tokenSecret);
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
const seconds = (instant: Date) => Math.floor(instant.getTime() / 1000);

/** A refresh token's successor is derived from it: the same rotation always yields one token. */
interface Derivation {
  jti: string;
  issuedAt: Date;
}

async function signToken(
  deps: DomainDeps,
  type: TokenType,
  userId: number,
  sessionId: string,
  derivation?: Derivation,
): Promise<string> {
  const issuedAt = seconds(derivation?.issuedAt ?? deps.now());
  return new SignJWT({ typ: type, sid: sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setIssuer(deps.config.publicUrl)
    .setJti(derivation?.jti ?? randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + (type === "access" ? ACCESS_TOKEN_TTL_S : REFRESH_TOKEN_TTL_S))
    .sign(secretKey(deps));
}

/** Checks signature (HS256 only), expiry, issuer and type; anything else is one 401. */
async function readToken(
  deps: DomainDeps,
  token: string,
  type: TokenType,
): Promise<{ userId: number; sessionId: string }> {
  try {
    const { payload } = await jwtVerify(token, secretKey(deps), {
      algorithms: ["HS256"],
      issuer: deps.config.publicUrl,
      currentDate: deps.now(),
      requiredClaims: ["sub", "exp", "iat", "jti"],
    });
    const userId = Number(payload.sub);
    if (payload.typ !== type || typeof payload.sid !== "string" || !Number.isInteger(userId)) {
      throw new AuthenticationError(invalidTokenMessage);
    }
    return { userId, sessionId: payload.sid };
  } catch (error) {
    if (error instanceof AuthenticationError || error instanceof joseErrors.JOSEError) {
      throw new AuthenticationError(invalidTokenMessage);
    }
    throw error;
  }
}

async function storeRefreshToken(
  deps: DomainDeps,
  userId: number,
  sessionId: string,
  userAgent: string | null,
  derivation?: Derivation,
): Promise<string> {
  const refresh = await signToken(deps, "refresh", userId, sessionId, derivation);
  await deps.db
    .insert(refreshTokens)
    .values({
      userId,
      tokenHash: hashOf(refresh),
      familyId: sessionId,
      expiresAt: new Date(deps.now().getTime() + REFRESH_TOKEN_TTL_S * 1000),
      userAgent: userAgent?.slice(0, 300) ?? null,
      createdAt: deps.now(),
    })
    // A racing rotation derives the same successor, already stored.
    .onConflictDoNothing({ target: refreshTokens.tokenHash });
  return refresh;
}

/** Starts a new session (a new refresh-token family) for a user who just proved who they are. */
export async function startSession(
  deps: DomainDeps,
  userId: number,
  userAgent: string | null,
): Promise<TokenPair> {
  const sessionId = randomUUID();
  const refresh = await storeRefreshToken(deps, userId, sessionId, userAgent);
  return { access: await signToken(deps, "access", userId, sessionId), refresh };
}

async function revokeFamily(deps: DomainDeps, sessionId: string): Promise<void> {
  await deps.db
    .update(refreshTokens)
    .set({ revokedAt: deps.now() })
    .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)));
}

/**
 * Trades a refresh token for a new pair. A token that was already replaced revokes its whole
 * family (stolen-token detection), unless it comes back within the race grace period.
 */
export async function rotateRefreshToken(
  deps: DomainDeps,
  refresh: string,
  meta: { userAgent: string | null; ip: string | null },
): Promise<TokenPair> {
  const { userId, sessionId } = await readToken(deps, refresh, "refresh");
  const now = deps.now();
  let rotatedAt = now;
  const [claimed] = await deps.db
    .update(refreshTokens)
    .set({ replacedAt: now })
    .where(
      and(
        eq(refreshTokens.tokenHash, hashOf(refresh)),
        isNull(refreshTokens.replacedAt),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ id: refreshTokens.id });
  if (!claimed) {
    const [stored] = await deps.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashOf(refresh)));
    const racing =
      stored !== undefined &&
      stored.revokedAt === null &&
      stored.replacedAt !== null &&
      now.getTime() - stored.replacedAt.getTime() <= REFRESH_REUSE_GRACE_S * 1000;
    if (racing) rotatedAt = stored.replacedAt!;
    if (!racing) {
      if (stored && stored.revokedAt === null) {
        await revokeFamily(deps, sessionId);
        await recordAudit(deps, {
          actorUserId: userId,
          action: "auth.refresh_token_reused",
          entityType: "session",
          entityId: sessionId,
          ip: meta.ip,
        });
      }
      throw new AuthenticationError(invalidTokenMessage);
    }
  }
  if (!(await findActiveUser(deps, userId))) throw new AuthenticationError(invalidTokenMessage);
  // Within the grace period the racing request gets the very successor the first one got,
  // never a second valid refresh token.
  const next = await storeRefreshToken(deps, userId, sessionId, meta.userAgent, {
    jti: createHmac("sha256", deps.config.tokenSecret).update(hashOf(refresh)).digest("base64url"),
    issuedAt: rotatedAt,
  });
  return { access: await signToken(deps, "access", userId, sessionId), refresh: next };
}

async function findActiveUser(deps: DomainDeps, userId: number): Promise<SessionUser | null> {
  const [user] = await deps.db
    .select({ id: users.id, email: users.email, displayName: users.displayName, role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.disabledAt)));
  return user ?? null;
}

/** The user behind an access token, as long as its session has not been ended. */
export async function authenticateAccessToken(
  deps: DomainDeps,
  access: string,
): Promise<AuthenticatedSession> {
  const { userId, sessionId } = await readToken(deps, access, "access");
  const [user] = await deps.db
    .select({ id: users.id, email: users.email, displayName: users.displayName, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        isNull(users.disabledAt),
        exists(
          deps.db
            .select({ one: sql`1` })
            .from(refreshTokens)
            .where(
              and(
                eq(refreshTokens.familyId, sessionId),
                eq(refreshTokens.userId, userId),
                isNull(refreshTokens.revokedAt),
              ),
            ),
        ),
      ),
    );
  if (!user) throw new AuthenticationError(invalidTokenMessage);
  return { user, sessionId };
}

/** Ends the session a refresh token belongs to (logout). Unknown tokens end nothing. */
export async function endSessionByRefreshToken(deps: DomainDeps, refresh: string): Promise<void> {
  const { sessionId } = await readToken(deps, refresh, "refresh");
  await revokeFamily(deps, sessionId);
}

export async function endSession(deps: DomainDeps, sessionId: string): Promise<void> {
  await revokeFamily(deps, sessionId);
}

/**
 * Ends every session of a user: password change or reset, e-mail change, undo of one
 * (issue 15: "every session ends on such a change"; decision 0150). Their refresh tokens are
 * revoked, so their access tokens stop working at once as well.
 */
export async function endEverySession(deps: DomainDeps, userId: number): Promise<void> {
  await deps.db
    .update(refreshTokens)
    .set({ revokedAt: deps.now() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
