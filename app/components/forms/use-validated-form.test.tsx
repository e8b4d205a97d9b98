import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "#common/schemas/german-errors.ts";
import { CheckboxField } from "./checkbox-field.tsx";
import { RadioGroupField } from "./radio-group-field.tsx";
import { TextField } from "./text-field.tsx";
import { useValidatedForm } from "./use-validated-form.ts";

interface Values {
  instagram: string;
  about: string;
  city: string;
  weeks: string;
  approve: boolean;
  archived: boolean;
}

function SettingsLikeForm() {
  const form = useValidatedForm<Values>({
    schema: z.object({}),
    defaultValues: {
      instagram: "https://www.instagram.com/alt/",
      about: "Über <uns>",
      city: "dresden",
      weeks: "2",
      approve: true,
      archived: false,
    },
    result: undefined,
  });
  return (
    <form method="post" onSubmit={form.onSubmit}>
      <TextField label="Instagram" {...form.field("instagram")} />
      <textarea {...form.register("about")} />
      <select {...form.register("city")}>
        <option value="leipzig">Leipzig</option>
        <option value="dresden">Dresden</option>
      </select>
      <RadioGroupField
        legend="Zeitraum"
        options={[
          { value: "1", label: "1 Woche" },
          { value: "2", label: "2 Wochen" },
        ]}
        {...form.field("weeks")}
      />
      <CheckboxField label="Freigabe" {...form.field("approve")} />
      <CheckboxField label="Archiviert" {...form.field("archived")} />
    </form>
  );
}

function serverHtml(): string {
  const Stub = createRoutesStub([{ path: "/", Component: SettingsLikeForm }]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

describe("the shared form layer's server HTML (forms show their values without JavaScript)", () => {
  const html = serverHtml();
  const tagOf = (pattern: RegExp) => html.match(pattern)?.[0] ?? "";

  it("gives text inputs and textareas their default values", () => {
    expect(tagOf(/<input[^>]*name="instagram"[^>]*>/)).toContain(
      'value="https://www.instagram.com/alt/"',
    );
    expect(html).toMatch(/<textarea[^>]*name="about"[^>]*>Über &lt;uns&gt;<\/textarea>/);
  });

  it("selects the default option of a select", () => {
    expect(html).toMatch(/<option value="dresden" selected="">Dresden<\/option>/);
    expect(html).not.toMatch(/<option value="leipzig" selected/);
  });

  it("checks the default radio button and checkboxes, and only those", () => {
    expect(tagOf(/<input[^>]*type="radio"[^>]*value="2"[^>]*>/)).toContain('checked=""');
    expect(tagOf(/<input[^>]*type="radio"[^>]*value="1"[^>]*>/)).not.toContain("checked");
    expect(tagOf(/<input[^>]*name="approve"[^>]*>/)).toContain('checked=""');
    expect(tagOf(/<input[^>]*name="archived"[^>]*>/)).not.toContain("checked");
  });
});
