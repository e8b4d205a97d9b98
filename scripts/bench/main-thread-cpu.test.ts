import { describe, expect, it } from "vitest";
import { mainThreadCpu, type TraceEvent } from "./main-thread-cpu.ts";

const threadName = (pid: number, tid: number, name: string): TraceEvent => ({
  name: "thread_name",
  ph: "M",
  pid,
  tid,
  args: { name },
});
const task = (pid: number, tid: number, tdur: number, dur = tdur * 3): TraceEvent => ({
  name: "RunTask",
  ph: "X",
  pid,
  tid,
  dur,
  tdur,
});

describe("mainThreadCpu", () => {
  it("sums the CPU time of the busiest renderer main thread's tasks, not their clock time", () => {
    const events = [
      threadName(1, 1, "CrRendererMain"),
      threadName(2, 7, "CrRendererMain"),
      threadName(2, 8, "Compositor"),
      // about:blank's renderer: little work.
      task(1, 1, 4_000),
      // The page: four tasks, 1.2 ms to 90 ms of CPU time.
      task(2, 7, 90_000),
      task(2, 7, 1_200),
      task(2, 7, 30_400),
      task(2, 7, 12_000),
      // Another thread of the page's renderer, and an event that is not a task.
      task(2, 8, 500_000),
      { name: "FunctionCall", ph: "X", pid: 2, tid: 7, dur: 80_000, tdur: 80_000 },
    ];
    expect(mainThreadCpu(events)).toEqual({ totalMs: 134, longestMs: [90, 30, 12, 1] });
  });

  it("answers zero for a trace without a renderer main thread", () => {
    expect(mainThreadCpu([task(1, 1, 5_000)])).toEqual({ totalMs: 0, longestMs: [] });
  });
});
