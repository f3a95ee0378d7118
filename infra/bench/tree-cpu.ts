import { readdirSync, readFileSync } from 'node:fs';

/** Linux's clock ticks a second (`getconf CLK_TCK`), which /proc counts CPU time in. */
const TICKS_PER_SECOND = 100;

interface ProcessCpu {
  parent: number;
  /** Its own CPU ticks and those of the children it has reaped (Chromium's ended renderers). */
  ticks: number;
}

function readProcess(pid: number): ProcessCpu | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name in parentheses may hold spaces: the fields start after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
    return { parent: Number(fields[1]), ticks: (utime ?? 0) + (stime ?? 0) + (cutime ?? 0) + (cstime ?? 0) };
  } catch {
    return undefined; // It ended while we looked.
  }
}

/**
 * CPU ticks of this process and every process under it, by process id: the local stack's Node
 * threads and the browser tier's Chromium (whose processes Node's own cpuUsage does not see).
 * Linux only; elsewhere just this process.
 */
export function treeCpu(): Map<number, number> {
  const all = new Map<number, ProcessCpu>();
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    const own = process.cpuUsage();
    return new Map([[process.pid, ((own.user + own.system) / 1e6) * TICKS_PER_SECOND]]);
  }
  for (const pid of pids) {
    const read = readProcess(Number(pid));
    if (read) all.set(Number(pid), read);
  }
  const tree = new Map<number, number>();
  const under = (pid: number): boolean =>
    pid === process.pid || (pid > 1 && all.has(pid) && under(all.get(pid)?.parent ?? 0));
  for (const [pid, { ticks }] of all) if (under(pid)) tree.set(pid, ticks);
  return tree;
}

/** CPU seconds the process tree spent since `before` (a treeCpu() reading). */
export function treeCpuSecondsSince(before: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, now] of treeCpu()) ticks += now - (before.get(pid) ?? 0);
  return ticks / TICKS_PER_SECOND;
}
