/** Page indexes to show (null = gap), DataTables 'simple_numbers' style. */
function pageList(cur: number, count: number): (number | null)[] {
  if (count <= 7) return [...Array(count).keys()];
  if (cur < 4) return [0, 1, 2, 3, 4, null, count - 1];
  if (cur > count - 5) return [0, null, count - 5, count - 4, count - 3, count - 2, count - 1];
  return [0, null, cur - 1, cur, cur + 1, null, count - 1];
}

/** 'Sebelumnya', page numbers, 'Berikutnya'. `page` is 0-based; `count` is at least 1. */
export function Pagination(
  { page, count, onPage }: { page: number; count: number; onPage: (page: number) => void },
) {
  const step = (to: number, off: boolean, text: string) => (
    <button
      type="button"
      class="btn btn-sm"
      disabled={off}
      onClick={() => onPage(to)}
    >
      {text}
    </button>
  );
  return (
    <nav class="pager" aria-label="Halaman">
      {step(page - 1, page <= 0, "Sebelumnya")}
      {pageList(page, count).map((n, k) =>
        n === null ? <span key={`e${k}`} class="pager-gap">…</span> : (
          <button
            key={n}
            type="button"
            class={`btn btn-sm${n === page ? " current" : ""}`}
            aria-current={n === page ? "page" : undefined}
            onClick={() => onPage(n)}
          >
            {n + 1}
          </button>
        )
      )}
      {step(page + 1, page >= count - 1, "Berikutnya")}
    </nav>
  );
}
