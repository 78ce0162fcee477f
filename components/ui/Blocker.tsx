/**
 * A 'Processing...' overlay. It covers its nearest positioned ancestor: put it inside an
 * element with the class `blockable` (or any `position: relative` box).
 */
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
