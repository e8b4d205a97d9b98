import { useMatches } from "react-router";

export interface AdminEditLink {
  to: string;
  label: string;
}

/** What a page offers the admin bar's "Bearbeiten": the form that edits what the page shows. */
export interface AdminEditHandle {
  adminEdit: (loaderData: never) => AdminEditLink;
}

function hasAdminEdit(handle: unknown): handle is AdminEditHandle {
  return typeof (handle as AdminEditHandle | undefined)?.adminEdit === "function";
}

/**
 * The admin bar's edit link for the page on screen: the deepest route whose `handle` names one
 * (`export const handle = { adminEdit: (data) => ({ to, label }) }`), or null.
 */
export function useAdminEditLink(): AdminEditLink | null {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    if (hasAdminEdit(match.handle) && match.loaderData !== undefined) {
      return match.handle.adminEdit(match.loaderData as never);
    }
  }
  return null;
}
