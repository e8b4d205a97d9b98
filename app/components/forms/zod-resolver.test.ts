import { expect, it } from "vitest";
import { eventFormSchema } from "#common/schemas/event-form.ts";
import { zodResolver } from "./zod-resolver.ts";

it("puts the shared schema's messages where the form's fields are", async () => {
  const resolver = zodResolver(
    eventFormSchema({ now: () => new Date("2026-11-20T20:00:00Z"), timeZone: "Europe/Berlin" }),
  );
  const result = await resolver(
    {
      title: "",
      start: "2026-11-19T23:00",
      media: ["https://soundcloud.com/a", "javascript:alert(1)"],
      online: true,
    },
    undefined,
    { fields: {}, shouldUseNativeValidation: false },
  );
  expect(result.values).toEqual({});
  expect(result.errors).toMatchObject({
    title: { message: "Pflichtfeld" },
    start: { message: "Das Datum darf nicht in der Vergangenheit liegen!" },
    media: [undefined, { message: "Ungültige URL!" }],
  });
});
