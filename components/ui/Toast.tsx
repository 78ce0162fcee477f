export type ToastType = "success" | "error" | "warning" | "info";

export interface ToastOptions {
  title: string;
  text?: string;
  type?: ToastType;
  /** Milliseconds before it disappears (default 3500; 0 keeps it until closed). */
  timeout?: number;
}

let stack: HTMLElement | null = null;

/**
 * Shows a small notification in the top-right corner (announced politely to screen readers).
 * Browser only: call it from handlers or effects. Returns a function that removes it.
 */
export function toast(o: ToastOptions): () => void {
  if (!stack?.isConnected) {
    stack = document.createElement("div");
    stack.className = "toast-stack";
    stack.setAttribute("role", "status");
    stack.setAttribute("aria-live", "polite");
    document.body.appendChild(stack);
  }
  const el = document.createElement("div");
  el.className = `toast toast-${o.type ?? "success"}`;
  const body = document.createElement("div");
  body.className = "toast-body";
  const title = document.createElement("strong");
  title.textContent = o.title;
  body.appendChild(title);
  if (o.text) {
    const p = document.createElement("p");
    p.textContent = o.text;
    body.appendChild(p);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.className = "toast-close";
  close.setAttribute("aria-label", "Tutup notifikasi");
  close.textContent = "×";
  el.append(body, close);
  const remove = () => el.remove();
  close.addEventListener("click", remove);
  stack.appendChild(el);
  const ms = o.timeout ?? 3500;
  if (ms > 0) setTimeout(remove, ms);
  return remove;
}
