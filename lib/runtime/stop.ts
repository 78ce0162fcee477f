/**
 * The signals that ask the server to stop: SIGINT everywhere, SIGTERM on Linux and macOS,
 * SIGBREAK on Windows (Ctrl-Break, and what WinSW/NSSM send). Windows has no SIGTERM.
 */
export function stopSignals(os: typeof Deno.build.os = Deno.build.os): Deno.Signal[] {
  return os === "windows" ? ["SIGINT", "SIGBREAK"] : ["SIGINT", "SIGTERM"];
}

/**
 * Runs `stop` once on the first stop signal, then exits 0 (1 if it failed); a second signal or
 * `graceMs` without an end exits 1 at once. Returns the listeners' removal.
 */
export function onStopSignal(stop: () => Promise<void>, graceMs = 15_000): () => void {
  let stopping = false;
  const handler = () => {
    if (stopping) Deno.exit(1);
    stopping = true;
    const timer = setTimeout(() => {
      console.error("Server tidak berhenti dalam waktu; dihentikan paksa.");
      Deno.exit(1);
    }, graceMs);
    stop().then(
      () => {
        clearTimeout(timer);
        Deno.exit(0);
      },
      (e) => {
        console.error("Gagal berhenti dengan rapi:", e);
        Deno.exit(1);
      },
    );
  };
  const signals = stopSignals();
  for (const s of signals) Deno.addSignalListener(s, handler);
  return () => signals.forEach((s) => Deno.removeSignalListener(s, handler));
}
