import { z } from "zod";
import { badRequest } from "./errors.ts";

/** A required (or optional) trimmed text field with Indonesian messages. */
export function text(label: string, opts: { required?: boolean; max?: number } = {}) {
  const max = opts.max ?? 255;
  const base = z.string({ error: `${label} wajib diisi.` }).trim()
    .max(max, { error: `${label} paling banyak ${max} karakter.` });
  return opts.required === false ? base.optional().default("") : base.min(1, {
    error: `${label} wajib diisi.`,
  });
}

/** A required reference id (a parent picked in a select). */
export function refId(label: string) {
  return z.string({ error: `${label} wajib dipilih.` }).trim().min(1, {
    error: `${label} wajib dipilih.`,
  });
}

/** The messages of a failed parse, one per problem. */
export function issues(error: z.ZodError): string[] {
  return error.issues.map((i) => i.message);
}

/** Parses with a schema or throws a 400 naming every problem. */
export function parseOr400<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const r = schema.safeParse(data);
  if (!r.success) {
    const msgs = issues(r.error);
    throw badRequest(msgs.join(" "), msgs);
  }
  return r.data;
}
