// The only script a page loads at once (no imports): hydrates each island after the first paint
// or at first use; a click or submit before that is replayed after, typed text announced again
// (its field's `data-typed-at`: when, `performance.now()`).

type Data = {
  hydrate: string;
  chunks: Record<string, string>;
  /** Every file the islands load, the shared chunk included. */
  preload?: string[];
  props: [string, Record<string, unknown>][];
};
type Hydrate = typeof import("./hydrate.ts");

/** Events that start hydration at once: the user is about to use the island. */
const START = ["focusin", "pointerdown", "keydown", "touchstart"];
/** Held until hydrated, then replayed on their target. */
const HOLD = ["click", "submit"];
/** Let through (the field keeps its text), announced again once hydrated. */
const ANNOUNCE = ["input", "change"];
const ALL = [...START, ...HOLD, ...ANNOUNCE];

function arm(root: HTMLElement, load: () => Promise<void>): () => void {
  let started = false, done = false;
  const held: Event[] = [];
  const changed = new Map<EventTarget, Set<string>>();
  let key = 0;
  const listen = (e: Event) => {
    if (done) return;
    if (e.type === "keydown") key = e.timeStamp;
    // a ctrl/shift-click on a link (a new tab or window) is the browser's to handle
    const newTab = e instanceof MouseEvent && (e.ctrlKey || e.metaKey || e.shiftKey) &&
      !!(e.target as Element).closest?.("a[href]");
    if (HOLD.includes(e.type) && !newTab) {
      e.preventDefault();
      e.stopImmediatePropagation();
      held.push(e);
    } else if (ANNOUNCE.includes(e.type) && e.target) {
      changed.set(e.target, (changed.get(e.target) ?? new Set()).add(e.type));
      // typed at its keydown, unless that is over a second old (a paste)
      const field = e.target as HTMLElement;
      const at = e.timeStamp - key < 1_000 ? key : e.timeStamp;
      if (field.dataset) field.dataset.typedAt = String(at);
    }
    start();
  };
  const replay = () => {
    done = true;
    for (const t of ALL) root.removeEventListener(t, listen, true);
    for (const [target, types] of changed) {
      if (!(target as Node).isConnected) continue;
      for (const type of types) target.dispatchEvent(new Event(type, { bubbles: true }));
    }
    for (const e of held) {
      const target = e.target as HTMLElement;
      if (!target.isConnected) continue;
      if (e.type === "submit") {
        (target as HTMLFormElement).requestSubmit((e as SubmitEvent).submitter);
      } else target.click();
    }
  };
  const start = () => {
    if (started) return;
    started = true;
    load().then(replay, (err) => {
      done = true;
      console.error(err);
    });
  };
  for (const t of ALL) root.addEventListener(t, listen, true);
  root.dataset.ready = "true";
  return start;
}

const el = document.getElementById("__islands");
if (el) {
  const data: Data = JSON.parse(el.textContent ?? "{}");
  let mod: Promise<Hydrate> | undefined;
  const starts = [...document.querySelectorAll<HTMLElement>("[data-island-id]")].map((root) => {
    const [name, props] = data.props[Number(root.dataset.islandId)];
    return arm(root, async () => {
      const { hydrateIsland } = await (mod ??= import(data.hydrate) as Promise<Hydrate>);
      await hydrateIsland(data.chunks[name], props, root);
    });
  });
  // each start runs once, so the timer and the frame may both call it
  const begin = () => starts.forEach((s) => s());
  // before the first paint every file is asked for at once (imports find theirs one level at a
  // time); once painted, every island hydrates; a hidden tab (no frames) on a timer or first use
  requestAnimationFrame(() => {
    for (const href of data.preload ?? []) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
    setTimeout(begin);
  });
  setTimeout(begin, 1_000);
}
