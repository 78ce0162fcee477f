import type { Context } from "hono";
import { createHash } from "node:crypto";
import { getCookie } from "hono/cookie";
import { SESSION_COOKIE } from "../auth/auth.ts";
import { progressId, track, type Tracker } from "../progress/progress.ts";
import type { AppEnv } from "./env.ts";

/** Who owns the jobs this request starts or polls: a hash of its session cookie. */
export function jobOwner(c: Context<AppEnv>): string {
  const token = getCookie(c, SESSION_COOKIE);
  return token ? createHash("sha256").update(token).digest("base64") : "";
}

/** Tracks the long job this request starts, named by its `X-Progress-Id` header (if any). */
export function trackJob(c: Context<AppEnv>, label: string): Tracker {
  return track(progressId(c.req.header("x-progress-id")), label, jobOwner(c));
}
