import type { Config } from "./config.ts";

/** The site's clock: TEST_FIXED_NOW when set (browser tests), else the real one. */
export function configuredClock({ fixedNow }: Pick<Config, "fixedNow">): () => Date {
  return fixedNow ? () => new Date(fixedNow) : () => new Date();
}
