/** Waits for the event loop's next turn, so long work lets waiting requests in between slices. */
export function nextTurn(): Promise<void> {
  return new Promise((ok) => setTimeout(ok, 0));
}
