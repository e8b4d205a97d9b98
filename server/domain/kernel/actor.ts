/** Who is acting: the signed-in user and their role (and their address, for the audit log). */
export interface Actor {
  id: number;
  role: "user" | "admin";
  ip?: string | null;
}
