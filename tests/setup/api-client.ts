import type { FastifyInstance, InjectOptions } from "fastify";

/** Logs in through POST /api/token/ and returns the pair. */
export async function loginForTokens(
  app: FastifyInstance,
  credentials: { email: string; password: string },
): Promise<{ access: string; refresh: string }> {
  const response = await app.inject({ method: "POST", url: "/api/token/", payload: credentials });
  if (response.statusCode !== 200) {
    throw new Error(`Login failed with ${response.statusCode}: ${response.body}`);
  }
  return response.json();
}

export const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

/** An inject call as a signed-in API client. */
export function asBearer(app: FastifyInstance, access: string, options: InjectOptions) {
  return app.inject({ ...options, headers: { ...options.headers, ...bearer(access) } });
}
