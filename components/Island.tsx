import type { ComponentType } from "preact";
import { useIslandSlot } from "../lib/http/islands.ts";

/** Renders an island on the server and marks it for hydration; `props` must be plain JSON. */
export function Island<P extends object>(
  { name, component: C, props }: { name: string; component: ComponentType<P>; props: P },
) {
  const slot = useIslandSlot(name, props);
  return (
    <div data-island={name} data-island-id={slot} class="island">
      <C {...props} />
    </div>
  );
}
