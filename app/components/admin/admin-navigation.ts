import { adminPaths } from "#common/urls.ts";

/** The admin area's sections, in the order of its navigation. */
export const adminNavigation = [
  { to: adminPaths.dashboard, label: "Übersicht" },
  { to: adminPaths.moderation, label: "Freigaben" },
  { to: adminPaths.reports, label: "Meldungen" },
  { to: adminPaths.users, label: "Nutzer" },
  { to: adminPaths.catalogue, label: "Katalog" },
  { to: adminPaths.pages, label: "Seiten" },
  { to: adminPaths.navigation, label: "Menüs" },
  { to: adminPaths.redirects, label: "Weiterleitungen" },
  { to: adminPaths.newsletter, label: "Newsletter" },
  { to: adminPaths.adReview, label: "Anzeigen" },
  { to: adminPaths.paymentOrders, label: "Zahlungen" },
  { to: adminPaths.settings, label: "Einstellungen" },
  { to: adminPaths.auditLog, label: "Protokoll" },
];
