import type { ComponentChildren } from "preact";
import type { NavItem } from "../lib/http/env.ts";
import { DemoBadge } from "./DemoBadge.tsx";
import { hospitalZone } from "../lib/hospital_time.ts";

/** The order of the sidebar groups; groups without screens are not shown. */
const GROUPS = [
  "Utama",
  "Rawat Inap",
  "Data Wilayah",
  "Data Master",
  "Referensi",
  "Pengguna",
  "Pengaturan",
];

/** Page frame: the sidebar of the screens that exist, the header, a warning banner (`notice`). */
export function Layout(
  { title, nav, path, user, role, children, demo, notice }: {
    title: string;
    nav: NavItem[];
    path: string;
    user: string;
    role?: string;
    children: ComponentChildren;
    demo?: string;
    notice?: string;
  },
) {
  const groups = [...new Set([...GROUPS, ...nav.map((n) => n.group)])]
    .map((g) => [g, nav.filter((n) => n.group === g)] as const).filter(([, items]) => items.length);
  return (
    <div class="shell">
      <a class="skip-link" href="#konten">Lewati ke konten</a>
      <input type="checkbox" id="nav-toggle" class="nav-toggle-input" aria-label="Tampilkan menu" />
      <nav class="sidebar" id="sidebar" aria-label="Navigasi utama">
        <a class="brand" href="/">Casemix RS</a>
        {groups.map(([g, items]) => (
          <section key={g}>
            <h2>{g}</h2>
            <ul>
              {items.map((n) => (
                <li key={n.path}>
                  <a href={n.path} aria-current={n.path === path ? "page" : undefined}>{n.title}</a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
      <label for="nav-toggle" class="nav-backdrop" aria-hidden="true" />
      <div class="main">
        <header class="topbar">
          <label for="nav-toggle" class="nav-toggle btn btn-light" aria-hidden="true">
            Menu
          </label>
          <h1>{title}</h1>
          <div class="user">
            <DemoBadge code={demo} />
            <span>{user}</span>
            {role && <span class="badge role-badge" data-role={role}>{role}</span>}
            <form method="post" action="/auth/logout">
              <button type="submit" class="btn btn-light">Keluar</button>
            </form>
          </div>
        </header>
        <main class="content" id="konten" tabIndex={-1}>
          {notice && <p class="alert alert-warning" role="status">{notice}</p>}
          {children}
        </main>
      </div>
    </div>
  );
}

/** Id of the element after a page's visible markup (routes/_render.tsx puts it there). */
export const PARSED = "dimuat";

/** `blocking="render"` (not yet in Preact's types). */
const BLOCKS_RENDER = { blocking: "render" } as Record<string, string>;

/** What a signed-in page tells its scripts about the session (components/ui/session.ts). */
export interface PageSession {
  idleMinutes: number;
  username: string;
  hospitalCode: string;
}

/** The HTML document around a page. */
export function Document({ title, css, session, children }: {
  title: string;
  /** The signed-in session (none on the login page). */
  session?: PageSession;
  css: string;
  children: ComponentChildren;
}) {
  return (
    <html
      lang="id"
      data-tz={hospitalZone()}
      data-idle-minutes={session?.idleMinutes}
      data-user={session?.username}
      data-hospital={session?.hospitalCode}
    >
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · Casemix RS`}</title>
        <link rel="icon" href="/static/favicon.png" type="image/png" />
        <link rel="stylesheet" href={css} />
        {
          /* first paint once the whole page is parsed (the island data after it excepted): one
            layout of a long table instead of one per piece the parser yields */
        }
        <link rel="expect" href={`#${PARSED}`} {...BLOCKS_RENDER} />
      </head>
      <body>{children}</body>
    </html>
  );
}
