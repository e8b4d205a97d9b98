/** One event of a Chromium trace (the fields used here). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  /** The thread's CPU time during the event, µs (ThreadTicks). */
  tdur?: number;
  args?: { name?: string };
}

export interface MainThreadCpu {
  /** CPU time of every task on the page's main thread, ms. */
  totalMs: number;
  /** CPU time of the five longest tasks, ms, longest first. */
  longestMs: number[];
}

/**
 * The page's main-thread work by CPU time, not by the clock: a task's `tdur` counts only while
 * the thread ran, so it hardly grows when other processes take the cores (Lighthouse's blocking
 * time and main-thread audits take `dur`, which does). The page's thread is the renderer main
 * thread with the most task time.
 */
export function mainThreadCpu(events: TraceEvent[]): MainThreadCpu {
  const rendererMains = new Set(
    events
      .filter((event) => event.ph === "M" && event.args?.name === "CrRendererMain")
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const tasksByThread = new Map<string, number[]>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.ph !== "X" || event.name !== "RunTask" || !rendererMains.has(thread)) continue;
    const tasks = tasksByThread.get(thread) ?? [];
    tasks.push((event.tdur ?? 0) / 1000);
    tasksByThread.set(thread, tasks);
  }
  const sum = (tasks: number[]) => tasks.reduce((total, task) => total + task, 0);
  const tasks = [...tasksByThread.values()].sort((a, b) => sum(b) - sum(a))[0] ?? [];
  return {
    totalMs: Math.round(sum(tasks)),
    longestMs: [...tasks]
      .sort((a, b) => b - a)
      .slice(0, 5)
      .map(Math.round),
  };
}
