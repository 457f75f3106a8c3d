// A Chromium trace of a page's main thread, for the benches that time what a screen costs (main-thread, pool-open).
import type { CDPSession } from '@playwright/test';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  /** The thread's CPU time, µs. */
  tdur?: number;
}

/** Starts tracing; `stop()` ends it and gives the tasks of the page's main thread (the one that ran its scripts). */
export async function traceMainThread(cdp: CDPSession) {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  return {
    async stop(): Promise<TraceEvent[]> {
      await cdp.send('Tracing.end');
      await complete;
      const scriptTime = new Map<string, number>();
      for (const event of events)
        if (event.name === 'EvaluateScript' || event.name === 'v8.evaluateModule' || event.name === 'FunctionCall') {
          const thread = `${event.pid}:${event.tid}`;
          scriptTime.set(thread, (scriptTime.get(thread) ?? 0) + (event.dur ?? 0));
        }
      const [mainThread] = [...scriptTime].sort((a, b) => b[1] - a[1])[0] ?? [];
      return events.filter((event) => event.name === 'RunTask' && event.ph === 'X' && `${event.pid}:${event.tid}` === mainThread);
    },
  };
}

/** A median (range) of timings, in ms. */
export const medianRange = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${Math.round(sorted[Math.floor(sorted.length / 2)]!)} ms (${Math.round(sorted[0]!)}–${Math.round(sorted.at(-1)!)})`;
};
