import { Hono } from "hono";
import type { AppEnv } from "../lib/env.ts";
import { renderPage } from "../lib/page.tsx";

/** The start page: a plain overview of the screens (the dashboard comes in a later issue). */
export function homeRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/", (c) => {
    const nav = c.get("nav").filter((n) => n.path !== "/");
    return renderPage(c, {
      title: "Beranda",
      body: (
        <section class="card">
          <p>Selamat datang, {c.get("session")?.fullname}.</p>
          <ul class="tiles">
            {nav.map((n) => (
              <li key={n.path}>
                <a href={n.path}>
                  <small>{n.group}</small>
                  {n.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ),
    });
  });
  return r;
}
