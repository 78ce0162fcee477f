/**
 * Waits for the event loop's next turn, so requests waiting meanwhile are answered: long work
 * (loading or writing an index, building orderings, streaming an export) awaits it between
 * slices.
 */
export function nextTurn(): Promise<void> {
  return new Promise((ok) => setTimeout(ok, 0));
}
