/** A 'Processing...' overlay over its nearest positioned ancestor (e.g. `.blockable`). */
export function Blocker({ active }: { active: boolean }) {
  if (!active) return null;
  return (
    <div class="blocker" role="status" aria-live="polite">
      <span class="blocker-msg">
        <span class="spinner" aria-hidden="true" />
        Processing...
      </span>
    </div>
  );
}
