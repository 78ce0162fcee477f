/**
 * The signals that ask the server to stop: Ctrl-C (SIGINT) everywhere, SIGTERM on Linux and
 * macOS (systemd, `kill`), SIGBREAK on Windows (Ctrl-Break, and what service wrappers such as
 * WinSW/NSSM send as a console event). Windows has no SIGTERM for Deno to listen to.
 */
export function stopSignals(os: typeof Deno.build.os = Deno.build.os): Deno.Signal[] {
  return os === "windows" ? ["SIGINT", "SIGBREAK"] : ["SIGINT", "SIGTERM"];
}

/**
 * Runs `stop` once on the first stop signal and then exits with 0 (1 if it failed); a second
 * signal while stopping, or `graceMs` without an end, exits at once with 1. Returns a function
 * that removes the listeners.
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
