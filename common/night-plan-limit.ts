/** Sets one Nachtplan holds at most (its share link stays short; decision 0223). */
export const NIGHT_PLAN_LIMIT = 40;
