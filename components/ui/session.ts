/** A signed-in page's idle time (all tabs: `localStorage`), its warning and the login in place. */
import { showDialog } from "./Dialog.tsx";
import { askRelogin, type ReloginWho, type Send } from "./Relogin.tsx";

/** What the layout tells a signed-in page (components/Layout.tsx `PageSession`). */
export type PageSession = ReloginWho & { idleMs: number };

/** The page's session, null on a page without one (the login page) or outside a browser. */
export function pageSession(): PageSession | null {
  if (typeof document === "undefined") return null;
  const d = document.documentElement.dataset;
  const minutes = Number(d.idleMinutes);
  if (!d.user || !(minutes > 0)) return null;
  return { idleMs: minutes * 60_000, username: d.user, hospitalCode: d.hospital ?? "" };
}

/** The warning comes this long before the idle limit (half the limit when that is shorter). */
export const WARN_MS = 2 * 60_000;
const KEY = "casemix-last-answer";
const TICK_MS = 10_000;

/** The page itself was just served with this session. */
let last = Date.now();
let warning: AbortController | null = null;
/** The last answer time the warning was shown (or dismissed) for. */
let warnedFor = 0;
let asking: Promise<boolean> | null = null;
/** The clerk chose Batal in the login: not asked again until a request meets the end. */
let declined = false;

const stored = () => {
  try {
    return Number(localStorage.getItem(KEY)) || 0;
  } catch {
    return 0;
  }
};
const lastAnswer = () => Math.max(last, stored());

/** Notes an answer of the server: any but a 401 kept the session going. */
export function answered(status: number): void {
  if (status === 401 || !pageSession()) return;
  last = Date.now();
  declined = false;
  try {
    localStorage.setItem(KEY, String(last));
  } catch { /* private mode: this tab alone */ }
}

/** Asks for the password in place (one dialog for all requests); true once signed in again. */
export function relogin(send: Send): Promise<boolean> {
  const s = pageSession();
  if (!s) return Promise.resolve(false);
  warning?.abort();
  asking ??= askRelogin(s, send).then((ok) => {
    asking = null;
    if (ok) answered(200);
    else declined = true;
    return ok;
  });
  return asking;
}

/** 'Tetap masuk': one cheap request, which is what keeps a session going. */
async function keepAlive(send: Send) {
  const a = await send("/api/session").catch(() => null);
  if (a) answered(a.status);
  if (a?.status === 401) await relogin(send);
}

function warn(send: Send, s: PageSession, left: number) {
  warnedFor = lastAnswer();
  warning = new AbortController();
  const minutes = Math.max(1, Math.ceil(left / 60_000));
  showDialog({
    title: `Sesi akan berakhir dalam ${minutes} menit`,
    text: `Belum ada yang disimpan atau dimuat selama ${
      Math.round((s.idleMs - left) / 60_000)
    } menit. Pilih 'Tetap masuk' agar sesi tidak berakhir; isi halaman ini tetap ada.`,
    icon: "warning",
    confirmText: "Tetap masuk",
    signal: warning.signal,
  }).then((ok) => {
    warning = null;
    if (ok) void keepAlive(send);
  });
}

/** Looks at the time left: the warning near the limit, the login in place past it. */
function check(send: Send) {
  const s = pageSession();
  if (!s) return;
  const left = s.idleMs - (Date.now() - lastAnswer());
  if (left <= 0) {
    if (!declined) void relogin(send);
  } else if (left <= Math.min(WARN_MS, s.idleMs / 2)) {
    if (!warning && !asking && warnedFor !== lastAnswer()) warn(send, s, left);
  } else warning?.abort(); // another tab kept it going
}

let watching = false;

/** Starts looking at a signed-in page's idle time (once), with `send` for its requests. */
export function watchSession(send: Send): void {
  if (watching || !pageSession()) return;
  watching = true;
  setInterval(() => check(send), TICK_MS);
  addEventListener("storage", (e) => e.key === KEY && check(send));
  document.addEventListener("visibilitychange", () => check(send));
}
