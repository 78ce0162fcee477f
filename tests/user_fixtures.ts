import assert from "node:assert/strict";
import type { T } from "./master_fixtures.ts";

/** A login through the form, as the browser posts it. */
export const login = (t: T, username: string, password: string) =>
  t.app.request("/auth/login", {
    method: "POST",
    body: new URLSearchParams({ hospitalCode: "RS01", username, password }),
  });

/** The session cookie (`sid=...`) of a successful login. */
export async function loginCookie(t: T, username: string, password: string): Promise<string> {
  const res = await login(t, username, password);
  assert.equal(res.status, 200, `login ${username}: ${await res.clone().text()}`);
  return res.headers.get("set-cookie")!.split(";")[0];
}
