/**
 * A small valid PDF (one A4 page, Helvetica) for the simulator's `claim_print`, with correct
 * cross-reference offsets so PDF readers open it; `lines` are printed top-down (other than
 * printable ASCII becomes `?`).
 */
export function simPdf(lines: string[]): Uint8Array {
  const text = lines.map((l, i) =>
    `BT /F1 12 Tf 56 ${780 - i * 18} Td (${
      l.replace(/[^\x20-\x7e]/g, "?").replace(/[\\()]/g, "\\$&")
    }) Tj ET`
  ).join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R " +
    "/Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets = objects.map((body, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) out += `${String(at).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
