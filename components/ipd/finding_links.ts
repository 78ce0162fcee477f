import { useEffect } from "react";
import { SUMMARY_FIELDS } from "./StaySummary.tsx";

/** The examination form's fields, as the readiness links name them (`#pemeriksaan-…`). */
const EXAM_FIELDS: Record<string, string> = {
  "pemeriksaan-grouping": "exam-grouping",
  "pemeriksaan-kelas": "exam-tarifinacbgSelect",
};

/** Focuses field `id` once its form is open (after the form's own first focus). */
function focusSoon(id: string, tries = 60) {
  requestAnimationFrame(() => {
    const el = document.getElementById(id);
    if (!el || !el.closest(".modal")?.contains(document.activeElement)) {
      if (tries > 0) focusSoon(id, tries - 1);
      return;
    }
    el.focus();
    el.scrollIntoView({ block: "center" });
  });
}

/** What the stay page can open for a finding. */
export interface FindingTargets {
  discharged: boolean;
  /** The stay is admitted and the role may write (examinations, discharge). */
  open: boolean;
  canWrite: boolean;
  /** Whether the stay has an examination (the latest is opened). */
  hasExam: boolean;
  fixSummary: () => void;
  discharge: () => void;
  editExam: (latest: boolean) => void;
}

/** Opens and focuses the field a readiness link names (`#pulang`…); false if none. */
export function followFinding(anchor: string, s: FindingTargets): boolean {
  const summary = SUMMARY_FIELDS[anchor as keyof typeof SUMMARY_FIELDS];
  const field = summary ?? EXAM_FIELDS[anchor];
  if (s.discharged && s.canWrite && (summary || anchor === "ringkasan-pulang")) s.fixSummary();
  else if (s.open && (summary || anchor === "pulang")) s.discharge();
  else if (s.open && field) s.editExam(s.hasExam);
  else if (anchor.startsWith("pemeriksaan-")) {
    document.getElementById("pemeriksaan")?.scrollIntoView();
    return true;
  } else return false;
  if (field) focusSoon(field);
  return true;
}

/** Follows the page's own anchor once, and every click on a link of the checklist to this page. */
export function useFindingLinks(follow: (anchor: string) => boolean): void {
  useEffect(() => {
    if (location.hash) follow(location.hash.slice(1));
  }, []);
  useEffect(() => {
    const click = (e: MouseEvent) => {
      const a = (e.target as Element).closest?.("#kelengkapan-klaim a[href]") as
        | HTMLAnchorElement
        | null;
      const url = a && new URL(a.href);
      if (!url || url.pathname !== location.pathname || !url.hash) return;
      if (follow(url.hash.slice(1))) e.preventDefault();
    };
    document.addEventListener("click", click);
    return () => document.removeEventListener("click", click);
  });
}
