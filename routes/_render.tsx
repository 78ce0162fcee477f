import type { Context } from "hono";
import type { ComponentType, VNode } from "preact";
import { Island } from "../components/Island.tsx";
import { render } from "preact-render-to-string";
import { Document, Layout, PARSED } from "../components/Layout.tsx";
import type { AppEnv } from "../lib/http/env.ts";
import { can } from "../lib/http/request.ts";
import { collectIslands, islandTags, type Manifest } from "../lib/http/islands.ts";
import { ROLES } from "../lib/auth/roles.ts";
import { graceNotice } from "../lib/licence/gate.ts";

/** The stylesheet: the built, hashed and precompressed copy when there is one. */
const cssHref = (m: Manifest | undefined) => m?.css ? `/static/build/${m.css}` : "/static/app.css";

/** Renders a page in the document and, unless `bare`, the layout (the role's screens only). */
export function renderPage(
  c: Context<AppEnv>,
  opts: { title: string; body: VNode; bare?: boolean; status?: 200 | 400 | 404 },
): Response {
  const session = c.get("session");
  const page = opts.bare ? opts.body : (
    <Layout
      title={opts.title}
      nav={c.get("nav").filter((n) => can(c, "GET", n.path))}
      path={c.req.path}
      user={session?.fullname ?? ""}
      role={session?.role ? ROLES[session.role] : ""}
      demo={c.get("config").demoHospitalCode}
      notice={session?.licenceGraceUntil ? graceNotice(session.licenceGraceUntil) : undefined}
    >
      {opts.body}
    </Layout>
  );
  const { result, islands } = collectIslands(() =>
    render(
      <Document
        title={opts.title}
        css={cssHref(c.get("manifest"))}
        session={session
          ? {
            idleMinutes: c.get("config").sessionIdleMinutes,
            username: session.username,
            hospitalCode: session.hospitalCode,
          }
          : undefined}
      >
        {page}
      </Document>,
    )
  );
  const html = `<!DOCTYPE html>${
    result.replace(
      "</body>",
      `<i id="${PARSED}" hidden></i>${islandTags(islands, c.get("manifest"))}</body>`,
    )
  }`;
  return c.html(html, opts.status ?? 200);
}

/** A page of one island, `name` as the manifest names it. */
export const islandPage = <P extends object>(
  c: Context<AppEnv>,
  title: string,
  name: string,
  component: ComponentType<P>,
  props: P,
): Response =>
  renderPage(c, { title, body: <Island name={name} component={component} props={props} /> });
