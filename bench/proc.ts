/**
 * A server process's memory read from /proc (Linux), without asking the server: its RSS and
 * peak RSS, and which process listens on a TCP port.
 */

/** Current and peak resident memory of a process in bytes, or null when unreadable. */
export function memoryOf(pid: number): { rss: number; hwm: number } | null {
  try {
    const s = Deno.readTextFileSync(`/proc/${pid}/status`);
    const kb = (k: string) => Number(s.match(new RegExp(`^${k}:\\s+(\\d+) kB`, "m"))?.[1] ?? 0);
    return { rss: kb("VmRSS") * 1024, hwm: kb("VmHWM") * 1024 };
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used, in seconds (clock ticks of 1/100 s), or null. */
export function cpuOf(pid: number): number | null {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    // fields after the command name (which may hold spaces) start after the last ')'
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return null;
  }
}

/** The socket inodes listening on `port` (IPv4 and IPv6). */
function listening(port: number): Set<string> {
  const out = new Set<string>();
  for (const f of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = Deno.readTextFileSync(f);
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const c = line.trim().split(/\s+/);
      if (c.length < 10 || c[3] !== "0A") continue; // 0A: LISTEN
      if (parseInt(c[1].split(":")[1], 16) === port) out.add(c[9]);
    }
  }
  return out;
}

/** The id of the (own user's) process listening on `port`, or undefined. */
export function serverPid(port: number): number | undefined {
  const inodes = listening(port);
  if (!inodes.size) return undefined;
  for (const d of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(d.name)) continue;
    try {
      for (const fd of Deno.readDirSync(`/proc/${d.name}/fd`)) {
        const link = Deno.readLinkSync(`/proc/${d.name}/fd/${fd.name}`);
        const m = link.match(/^socket:\[(\d+)\]$/);
        if (m && inodes.has(m[1])) return Number(d.name);
      }
    } catch { /* another user's process, or gone */ }
  }
  return undefined;
}
