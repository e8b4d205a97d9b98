import type { Config } from "#server/config.ts";

/** What a demo-data child answers, by task (decision 0247). */
export interface DemoDataResults {
  /** Seed an empty database (`seedDemoDataPicturesLater`). */
  seed: { seeded: boolean };
  /** Draw the pending demo pictures (`drawPendingDemoPictures`) until none is left or a stop. */
  draw: { drawn: number };
}

export type DemoDataTask = keyof DemoDataResults;

/** The parent's first message to the child: its task and what it opens the database with. */
export interface DemoDataOrder<Task extends DemoDataTask = DemoDataTask> {
  task: Task;
  /** The parent's configuration: the child reads no environment of its own. */
  config: Config;
  /** The parent's embedded database's socket directory; undefined with DATABASE_URL. */
  socketDir: string | undefined;
}

/** The parent's later message: end the drawing after the batch in hand. */
export const STOP_DEMO_DATA_CHILD = "stop";

/** The child's one message before it exits. */
export type DemoDataChildAnswer = { result: DemoDataResults[DemoDataTask] } | { failed: Error };
