import { listEvents } from "../../server/domain/events/event-queries.server.ts";
import { EventList } from "../components/event-list.tsx";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { deps } = context;
  const upcoming = await listEvents(deps, {}, { page: 1, pageSize: 40 });
  return {
    cityName: deps.config.city.name,
    timeZone: deps.config.city.timeZone,
    events: upcoming.items,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="mb-6 text-3xl font-black tracking-tight sm:text-4xl">
        Partys in {loaderData.cityName}
      </h1>
      <EventList events={loaderData.events} timeZone={loaderData.timeZone} />
    </>
  );
}
