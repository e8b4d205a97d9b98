import { describe, expect, it } from "vitest";
import { isDatabaseId, MAX_DATABASE_ID } from "#common/database-id.ts";
import { databaseId } from "./database-id.ts";

describe("database ids", () => {
  it("are whole numbers from 1 to the largest PostgreSQL integer", () => {
    expect([1, 42, MAX_DATABASE_ID].map(isDatabaseId)).toEqual([true, true, true]);
    expect([0, -1, 1.5, MAX_DATABASE_ID + 1, Number.NaN].map(isDatabaseId)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("read text only when coerced, with the given messages", () => {
    expect(databaseId({ coerce: true }).parse("12")).toBe(12);
    expect(databaseId().safeParse("12").success).toBe(false);
    const schema = databaseId({ notANumber: "keine Zahl", outOfRange: "gibt es nicht" });
    expect(schema.safeParse(1.5).error?.issues[0]?.message).toBe("keine Zahl");
    expect(schema.safeParse(0).error?.issues[0]?.message).toBe("gibt es nicht");
  });
});
