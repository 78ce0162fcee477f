import { Hono } from "hono";
import type { AppEnv } from "../lib/http/env.ts";
import { notFound } from "../lib/errors.ts";
import { progressId, progressOf } from "../lib/progress/progress.ts";

/** `GET /api/progress/:id`: how far a long job named by the browser has got. */
export function progressRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/api/progress/:id", (c) => {
    const id = progressId(c.req.param("id"));
    const p = id ? progressOf(id) : undefined;
    if (!p) throw notFound("Proses tidak ditemukan.");
    return c.json(p);
  });
  return r;
}
