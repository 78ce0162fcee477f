import type { ComponentType } from "preact";
import { useEffect, useState } from "react";

/** A component whose chunk (`load`) is fetched when first drawn or at `prefetch`. */
export function lazyPart<P extends object>(what: string, load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined;
  const get = () =>
    loading ??= load().catch((e) => {
      loading = undefined;
      throw e;
    });
  function Lazy(props: P) {
    const [part, setPart] = useState<{ C: ComponentType<P> } | null>(null);
    const [error, setError] = useState("");
    useEffect(() => {
      let live = true;
      get().then(
        (C) => live && setPart({ C }),
        (e) => live && setError(`${what} gagal dimuat: ${e instanceof Error ? e.message : e}`),
      );
      return () => {
        live = false;
      };
    }, []);
    if (part) return <part.C {...props} />;
    return (
      <p class={error ? "alert alert-danger" : "hint"} role={error ? "alert" : undefined}>
        {error || `Memuat ${what}…`}
      </p>
    );
  }
  return Object.assign(Lazy, { prefetch: () => void get().catch(() => {}) });
}
