import { Children } from "react";

/** A message above a form: a refusal (alert) or a confirmation (status). */
export function FormAlert({
  kind,
  children,
}: {
  kind: "error" | "success";
  children: React.ReactNode;
}) {
  // Nothing to say (children may be a list of empty parts): no empty box.
  if (Children.toArray(children).length === 0) return null;
  return kind === "error" ? (
    <div
      role="alert"
      className="rounded-lg border border-danger px-4 py-3 font-semibold text-danger"
    >
      {children}
    </div>
  ) : (
    <div role="status" className="rounded-lg border border-accent px-4 py-3 font-semibold">
      {children}
    </div>
  );
}
