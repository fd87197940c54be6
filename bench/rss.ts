// Resident memory of a process tree, from /proc (Linux): what a host pays for the server, its `npm start` wrapper
// and any child. Used by bench/run.ts and bench/memory.ts.
import { readdirSync, readFileSync } from "node:fs";

export interface ProcessMemory {
  pid: number;
  name: string;
  /** Resident now (VmRSS) and at its highest so far (VmHWM), in MB. */
  rssMb: number;
  hwmMb: number;
}

function status(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return null;
  }
}

const kb = (text: string, field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);

/** VmRSS and VmHWM of one process, or null once it is gone. */
export function processMemory(pid: number): ProcessMemory | null {
  const text = status(pid);
  if (!text) return null;
  return {
    pid,
    name: /Name:\s+(\S+)/.exec(text)?.[1] ?? "?",
    rssMb: Math.round(kb(text, "VmRSS") / 1024),
    hwmMb: Math.round(kb(text, "VmHWM") / 1024),
  };
}

/** `root` and every process below it. */
export function treePids(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command name, which is in parentheses and may contain spaces.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // gone meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, ppid] of parents) if (ppid === tree[i]) tree.push(pid);
  }
  return tree;
}

/** Every process of the tree with its memory; the sum of VmRSS is what the tree holds now. */
export function treeMemory(root: number): { totalMb: number; processes: ProcessMemory[] } {
  const processes = treePids(root)
    .map(processMemory)
    .filter((p): p is ProcessMemory => p !== null);
  return { totalMb: processes.reduce((sum, p) => sum + p.rssMb, 0), processes };
}

/**
 * Samples a tree's resident memory every `intervalMs` (the tree is walked again every 250 ms, so a process that
 * replaces itself or a new child is followed) and keeps the highest sum seen, per phase.
 */
export class TreeSampler {
  readonly #root: number;
  #timer: NodeJS.Timeout;
  #pids: number[] = [];
  #walkedAt = 0;
  peakMb = 0;
  lastMb = 0;

  constructor(root: number, intervalMs = 50) {
    this.#root = root;
    this.#timer = setInterval(() => this.sample(), intervalMs);
    this.sample();
  }

  sample(): number {
    const now = Date.now();
    if (now - this.#walkedAt > 250) {
      this.#pids = treePids(this.#root);
      this.#walkedAt = now;
    }
    let total = 0;
    for (const pid of this.#pids) total += processMemory(pid)?.rssMb ?? 0;
    this.lastMb = total;
    this.peakMb = Math.max(this.peakMb, total);
    return total;
  }

  /** The peak since the last call (or since the start), and starts a new window. */
  takePeak(): number {
    this.#walkedAt = 0;
    this.sample();
    const peak = this.peakMb;
    this.peakMb = this.lastMb;
    return peak;
  }

  stop() {
    clearInterval(this.#timer);
  }
}

/**
 * Where a process's resident memory sits, from /proc/<pid>/smaps: MB per kind of mapping (the Node binary and
 * other files, glibc's main heap, anonymous mappings by size class: V8's heap pages and malloc arenas are small,
 * PGlite's WebAssembly memory is one large one), largest first. Null off Linux or when the process is gone.
 */
export function residentParts(pid: number): Record<string, number> | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/smaps`, "utf8");
  } catch {
    return null;
  }
  const parts = new Map<string, number>();
  let kind = "";
  for (const line of text.split("\n")) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      const size =
        (Number.parseInt(mapping[2] as string, 16) - Number.parseInt(mapping[1] as string, 16)) / 2 ** 20;
      const name = mapping[3] ?? "";
      kind = name.startsWith("/")
        ? name.includes("/node") && !name.endsWith(".so") && !name.includes(".so.")
          ? "node binary"
          : "other files"
        : name === "[heap]"
          ? "malloc main heap"
          : name
            ? name
            : size >= 64
              ? "anonymous ≥ 64 MB (WebAssembly memory)"
              : size >= 1
                ? "anonymous 1–64 MB"
                : "anonymous < 1 MB";
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) parts.set(kind, (parts.get(kind) ?? 0) + Number(rss[1]) / 1024);
  }
  return Object.fromEntries(
    [...parts].sort((a, b) => b[1] - a[1]).map(([k, mb]) => [k, Math.round(mb * 10) / 10]),
  );
}
