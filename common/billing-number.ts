/** What an invoice ("2026-000001") or credit note ("G-2026-000001") number looks like. */
export const BILLING_NUMBER_PATTERN = /^(?:G-)?\d{4}-\d{6}$/;
