import { expect, it } from "vitest";
import { withoutPrefix } from "./text-field.tsx";

it("drops a typed prefix the field shows already, so '@' never reads '@ @handle'", () => {
  expect(withoutPrefix("@kollektiv.nachtschicht", "@")).toBe("kollektiv.nachtschicht");
  expect(withoutPrefix("kollektiv.nachtschicht", "@")).toBe("kollektiv.nachtschicht");
  expect(withoutPrefix("a@b", "@")).toBe("a@b");
});
