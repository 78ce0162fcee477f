import { render } from "preact";

let stack: HTMLElement | null = null;

/** A success notification, top right, for 3.5 s (announced politely). */
export function toast(o: { title: string; text?: string }): void {
  if (!stack?.isConnected) {
    stack = document.createElement("div");
    stack.className = "toast-stack";
    stack.setAttribute("role", "status");
    stack.setAttribute("aria-live", "polite");
    document.body.appendChild(stack);
  }
  const el = document.createElement("div");
  el.className = "toast";
  const remove = () => el.remove();
  render(
    <>
      <div class="toast-body">
        <strong>{o.title}</strong>
        {o.text && <p>{o.text}</p>}
      </div>
      <button type="button" class="toast-close" aria-label="Tutup notifikasi" onClick={remove}>
        ×
      </button>
    </>,
    el,
  );
  stack.appendChild(el);
  setTimeout(remove, 3500);
}
