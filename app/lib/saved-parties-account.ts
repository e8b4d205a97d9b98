import { validSavedParties, type SavedParty } from "#common/schemas/saved-parties.ts";
import { readCookie } from "#app/components/newsletter/browser-cookies.ts";
import { CSRF_HEADER_NAME } from "./csrf-header.ts";

/**
 * The account's side of the saved parties (decision 0181): the site's own API with the session
 * cookies and the CSRF header, as every write of the web app.
 */

const API_PATH = "/api/my-saved-parties/";

/** An answer that was not what the request wanted; `detail` is the server's German reason. */
export class SavedPartiesRequestError extends Error {
  constructor(
    public readonly status: number,
    public readonly detail: string | null,
  ) {
    super(`Saved parties answered ${status}`);
  }
}

async function call(method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  const csrfToken = readCookie("csrftoken");
  if (csrfToken) headers[CSRF_HEADER_NAME] = csrfToken;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(path, {
    method,
    credentials: "include",
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const detail = await response
      .json()
      .then((json: { detail?: unknown }) => (typeof json.detail === "string" ? json.detail : null))
      .catch(() => null);
    throw new SavedPartiesRequestError(response.status, detail);
  }
  return response;
}

const listOf = async (response: Response): Promise<SavedParty[]> =>
  validSavedParties(((await response.json()) as { items?: unknown }).items);

export const fetchAccountList = async () => listOf(await call("GET", API_PATH));

/** Adds the browser's parties to the account; answers the account's whole list. */
export const mergeIntoAccount = async (ids: number[]) =>
  listOf(await call("POST", API_PATH, { ids }));

export async function saveInAccount(id: number, saved: boolean): Promise<void> {
  await call(saved ? "PUT" : "DELETE", `${API_PATH}${id}/`);
}
