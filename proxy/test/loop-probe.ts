/**
 * Loaded with `--import` into a proxy process a test starts: measures how long that process's
 * event loop was held, and answers over the IPC channel (`'reset'`, then `'read'` →
 * `{ maxMs, p99Ms, maxCpuMs }`).
 *
 * `maxMs` is the histogram of `monitorEventLoopDelay`: wall-clock lateness, which on a shared
 * machine also counts the time the OS did not run the process at all. `maxCpuMs` is the block
 * the process itself caused: for every late tick of a 10 ms timer, the lesser of its lateness and
 * the time the main thread spent on a CPU meanwhile (Linux `schedstat`; without it, the CPU time
 * of all the process's threads, an upper bound).
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();

const TICK_MS = 10;
let maxCpuMs = 0;
let last = performance.now();
const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;
/** CPU time used so far, ms: the main thread's where the kernel tells it. */
function cpuTimeMs(): number {
  try {
    return Number(readFileSync(SCHEDSTAT, 'utf8').split(' ', 1)[0]) / 1e6;
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
}
let lastCpu = cpuTimeMs();
setInterval(() => {
  const now = performance.now();
  const cpu = cpuTimeMs();
  const lateMs = now - last - TICK_MS;
  const cpuMs = cpu - lastCpu;
  maxCpuMs = Math.max(maxCpuMs, Math.min(lateMs, cpuMs));
  last = now;
  lastCpu = cpu;
}, TICK_MS).unref();

if (process.send) {
  process.on('message', (message) => {
    if (message === 'reset') {
      histogram.reset();
      maxCpuMs = 0;
    }
    if (message === 'read') {
      process.send!({ maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6, maxCpuMs });
    }
  });
  // The channel alone must not keep the proxy running once the CLI has stopped.
  process.channel?.unref();
}
