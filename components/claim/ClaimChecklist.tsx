import type { ClaimCheck } from "../../lib/claim/readiness.ts";
import { RULE_LIST } from "../../lib/claim/rule_list.ts";

const LEVEL = { blok: "Blok", peringatan: "Peringatan" } as const;

/** A stay's claim readiness (Kelengkapan Klaim), rule by rule; folded unless `open`. */
export function ClaimChecklist({ check, open = true }: { check: ClaimCheck; open?: boolean }) {
  const found = new Map(check.findings.map((f) => [f.rule, f]));
  const blocks = check.findings.filter((f) => f.level === "blok").length;
  const warnings = check.findings.length - blocks;
  const tone = check.ready ? (warnings ? "alert-warning" : "alert-success") : "alert-danger";
  return (
    <details id="kelengkapan-klaim" class="card claim-check" open={open}>
      <summary>
        <h3>Kelengkapan Klaim</h3>
        <span class={`alert ${tone}`}>
          <strong>{check.ready ? "Siap klaim" : "Belum siap klaim"}</strong>
          {` · ${blocks} blok, ${warnings} peringatan`}
        </span>
      </summary>
      <ul class="claim-rules">
        {RULE_LIST.map((r) => {
          const f = found.get(r.rule);
          return (
            <li key={r.rule} data-rule={r.rule} data-status={f ? f.level : "ok"}>
              <span class={`claim-mark claim-${f ? f.level : "ok"}`}>
                {f ? LEVEL[f.level] : "OK"}
              </span>
              <span class="claim-title">
                {r.title}
                <small class="claim-code">{r.rule}</small>
              </span>
              {f && (
                <span class="claim-message">
                  {f.message}{" "}
                  {(f.links ?? [{ label: "", href: f.link }]).map((l) => (
                    <a key={l.href} class="no-print" href={l.href}>
                      {l.label ? `Perbaiki ${l.label}` : "Perbaiki"}
                    </a>
                  ))}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
