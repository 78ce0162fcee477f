import { Hono } from "hono";
import { can } from "../lib/http/request.ts";
import { Island } from "../components/Island.tsx";
import KlaimList from "../islands/KlaimList.tsx";
import KlaimImport from "../islands/KlaimImport.tsx";
import EklaimBridge from "../islands/EklaimBridge.tsx";
import { hospitalDay } from "../lib/hospital_time.ts";
import type { AppEnv, NavItem } from "../lib/http/env.ts";
import type { Registry } from "../lib/resource/refs.ts";
import { firstRows } from "../lib/resource/table_props.ts";
import { klaimTable } from "../lib/claim/list.ts";
import { CLAIM_RULES } from "../lib/claim/readiness.ts";
import { KLAIM_COLUMNS, KLAIM_FILTER_KEYS, KLAIM_ORDER, KLAIM_PAGE } from "../lib/claim/columns.ts";
import { renderPage } from "./_render.tsx";
import { firstPage } from "./_filter_labels.ts";

export const NAV: NavItem[] = [{ group: "Rawat Inap", title: "Klaim", path: "/klaim" }];

/** Rows filling a 1366x768 screen (a row takes two lines). */
const SCREENFUL = 8;

/** The Klaim page (`/klaim`): discharged stays with readiness and claim status, the imports. */
export function klaimPages(registry: Registry): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get("/klaim", async (c) => {
    const length = firstRows(KLAIM_PAGE, SCREENFUL);
    const query = { keys: KLAIM_FILTER_KEYS, columns: KLAIM_COLUMNS, length, order: KLAIM_ORDER };
    const list = await firstPage(
      c,
      registry,
      "klaim",
      query,
      (q) => klaimTable(c.get("store"), registry, q),
    );
    const canWrite = can(c, "POST", "/api/klaim/:ipdId/status");
    const canEklaim = can(c, "POST", "/api/eklaim/:ipdId/group");
    return renderPage(c, {
      title: "Klaim",
      status: list.error ? 400 : 200,
      body: (
        <div class="klaim-page">
          {can(c, "POST", "/api/klaim/import-eklaim") && (
            <Island name="KlaimImport" component={KlaimImport} props={{}} />
          )}
          {canEklaim && (
            <Island
              name="EklaimBridge"
              component={EklaimBridge}
              props={{ today: hospitalDay(c.get("now")()) }}
            />
          )}
          <Island
            name="KlaimList"
            component={KlaimList}
            props={{
              ...list,
              canWrite,
              canEklaim,
              rules: CLAIM_RULES.map((r) => ({ rule: r.rule, title: r.title, level: r.level })),
            }}
          />
        </div>
      ),
    });
  });
  return r;
}
