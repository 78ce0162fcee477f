export interface ToastOptions {
  title: string;
  text?: string;
}

let stack: HTMLElement | null = null;

/** A success notification, top right, for 3.5 s (announced politely). */

export function toast(o: ToastOptions): void {
  if (!stack?.isConnected) {
    stack = document.createElement("div");
    stack.className = "toast-stack";
    stack.setAttribute("role", "status");
    stack.setAttribute("aria-live", "polite");
    document.body.appendChild(stack);
  }
  const el = document.createElement("div");
  el.className = "toast";
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
  setTimeout(remove, 3500);
}
