import { formatDateTime } from "#common/dates.ts";
import { FormAlert } from "#app/components/forms/form-alert.tsx";

export interface ReturnedOrder {
  status: string;
  purpose: "top_event" | "ad";
  cancelledByBuyer: boolean;
  periodEndsAt: string | null;
}

/** What became of the order the buyer returns from, in one sentence. */
export function OrderNotice({ order }: { order: ReturnedOrder | null }) {
  if (!order) return null;
  switch (order.status) {
    case "fulfilled":
      return (
        <FormAlert kind="success">
          {order.purpose === "top_event"
            ? `Danke! Deine Party ist jetzt Top-Event${order.periodEndsAt ? ` bis ${formatDateTime(new Date(order.periodEndsAt))}` : ""}.`
            : "Danke! Deine Anzeige ist bezahlt."}
        </FormAlert>
      );
    case "paid":
    case "pending":
      return (
        <FormAlert kind="success">
          Danke! Deine Zahlung ist unterwegs. Sobald sie eingegangen ist, geht es los.
        </FormAlert>
      );
    case "refunded":
      return (
        <FormAlert kind="error">
          Die Buchung ließ sich nicht mehr ausführen; Du bekommst Dein Geld vollständig zurück.
        </FormAlert>
      );
    case "failed":
      return (
        <FormAlert kind="error">
          Die Zahlung ist fehlgeschlagen. Du kannst es noch einmal versuchen.
        </FormAlert>
      );
    case "cancelled":
    case "expired":
      return (
        <FormAlert kind="error">
          Die Zahlung wurde abgebrochen. Es wurde nichts berechnet.
        </FormAlert>
      );
    default:
      return order.cancelledByBuyer ? (
        <FormAlert kind="error">
          Die Zahlung wurde abgebrochen. Es wurde nichts berechnet.
        </FormAlert>
      ) : null;
  }
}
