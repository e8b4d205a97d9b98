import { Link } from "react-router";

/** An honest placeholder for a screen that is planned but not built yet. */
export function ScreenNotBuilt({ title }: { title: string }) {
  return (
    <section className="flex max-w-2xl flex-col items-start gap-4 py-10">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-muted">
        Dieser Bereich ist noch im Aufbau und bald für Dich da. Bis dahin findest Du alle Partys im
        Kalender.
      </p>
      <Link to="/" className="font-semibold text-accent underline underline-offset-4">
        Zur Startseite
      </Link>
    </section>
  );
}
