import type { ComponentChildren } from "preact";
import type { NavItem } from "../lib/http/env.ts";
import { DemoBadge } from "./DemoBadge.tsx";

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

/**
 * Page frame: sidebar built from the screens that exist, header with user and logout, the
 * 'Mode demo' badge (`demo`: the demo hospital code) and a warning banner (`notice`).
 */
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
  const groups = GROUPS.concat(
    [...new Set(nav.map((n) => n.group))].filter((g) => !GROUPS.includes(g)),
  )
    .map((g) => [g, nav.filter((n) => n.group === g)] as const).filter(([, items]) => items.length);
  return (
    <div class="shell">
      <nav class="sidebar" aria-label="Navigasi utama">
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
      <div class="main">
        <header class="topbar">
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
        <main class="content">
          {notice && <p class="alert alert-warning" role="status">{notice}</p>}
          {children}
        </main>
      </div>
    </div>
  );
}

/** The HTML document around a page. */
export function Document({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <html lang="id">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · Casemix RS`}</title>
        <link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/static/app.css" />
      </head>
      <body>{children}</body>
    </html>
  );
}
