import { z } from "zod";
import { messages } from "#common/messages.ts";

/**
 * German messages for every zod schema, in the browser and on the server: SPEC §5's texts where
 * it has them, zod's German locale for the rest. Imported by each schema module.
 */
z.config(z.locales.de());
// In the browser the Content-Security-Policy forbids eval (decision 0020): zod must not probe it.
if (typeof window !== "undefined") z.config({ jitless: true });
z.config({
  customError: (issue) => {
    if (issue.code === "invalid_type" && (issue.input === undefined || issue.input === null)) {
      return messages.required;
    }
    if (issue.code === "unrecognized_keys") return messages.unknownField;
    return undefined;
  },
});

export { z };
