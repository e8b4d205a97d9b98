/** The signed-in visitor as the layout and the user area see them. */
export interface CurrentUser {
  id: number;
  displayName: string;
  email: string;
  role: "user" | "admin";
}
