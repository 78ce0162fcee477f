/** 'Cetak': opens the browser's print dialog. */
export default function PrintButton() {
  return (
    <button type="button" class="btn btn-primary" onClick={() => globalThis.print()}>
      Cetak
    </button>
  );
}
