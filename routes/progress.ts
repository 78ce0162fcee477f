import { Hono } from "hono";
import type { AppEnv } from "../lib/http/env.ts";
import { notFound } from "../lib/errors.ts";
import { progressId, progressOf } from "../lib/progress/progress.ts";
import { jobOwner } from "../lib/http/progress.ts";

/**
 * `GET /api/progress/:id`: how far a long job named by the browser has got; only the session that
 * started it sees it (404 for any other).
 */
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
