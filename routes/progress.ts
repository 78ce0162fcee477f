import { Hono } from "hono";
import type { AppEnv } from "../lib/http/env.ts";
import { notFound } from "../lib/errors.ts";
import { progressId, progressOf } from "../lib/progress/progress.ts";
import { jobOwner } from "../lib/http/progress.ts";

/** How far a long job has got, for the session that started it only (404 for others). */
export function progressRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/api/progress/:id", (c) => {
    const id = progressId(c.req.param("id"));
    const p = id ? progressOf(id, jobOwner(c)) : undefined;
    if (!p) throw notFound("Proses tidak ditemukan.");
    return c.json(p);
  });
  return r;
}
