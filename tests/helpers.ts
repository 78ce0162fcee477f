import { join } from "node:path";
import { createApp, ensureBundle } from "../app.ts";
import { createSession, users } from "../lib/auth/auth.ts";
import { type Config, loadConfig } from "../lib/config.ts";
import { allowAnyLicence, type LicenceGate } from "../lib/licence/gate.ts";
import { hashPassword } from "../lib/auth/password.ts";
import { Store } from "../lib/db/store.ts";
import type { Collection, CollectionSpec } from "../lib/db/collection.ts";
import type { Doc } from "../lib/index/index.ts";
import { AuditLog } from "../lib/audit/log.ts";
import type { Role } from "../lib/auth/roles.ts";
import { auditFold } from "../lib/http/folded.ts";

export const ADMIN_PASSWORD = "rahasia-123";
let adminHash: Promise<string> | null = null;
/**
 * The bundle checked against its sources once per test file, as main.ts does once per start
 * (`bundleReady`): the check reads every source file, and hundreds of apps are built per run.
 */
let bundle: Promise<void> | null = null;

/** How a test app is built (see `setup`). */
export interface TestAppOptions {
  licence?: LicenceGate;
  config?: Partial<Config>;
  dataDir?: string;
  file?: boolean;
  connectTimeoutMs?: number;
  /** A fixed or driven clock for the app (default: the system's). */
  now?: () => Date;
}

/**
 * A store with one `admin` account and the app over it. Login accepts any hospital code unless
 * `licence` (or `licence: undefined` with a `licenceUrl` in `config`, for the real check) is
 * given. Everything the app writes goes to `dataDir`, else a temporary folder `close` removes;
 * with `file`, KV is `dataDir/casemix.kv` instead of memory.
 */
export async function testApp(
  opts: TestAppOptions,
  admin: { fullname: string; email: string; passwordHash: string },
) {
  const dbPath = opts.dataDir && opts.file ? join(opts.dataDir, "casemix.kv") : ":memory:";
  const store = await Store.open(dbPath);
  const user = await users(store).insert({
    ...admin,
    phone: "",
    username: "admin",
    gender: "",
    role: "admin",
  });
  const audit = await AuditLog.open(":memory:");
  const dataDir = opts.dataDir ?? await Deno.makeTempDir({ prefix: "casemix-test-" });
  const config = { ...loadConfig({ get: () => undefined }), dbPath, dataDir, ...opts.config };
  await (bundle ??= ensureBundle());
  const app = createApp({
    config,
    store,
    bundleReady: true,
    licence: "licence" in opts || opts.config?.licenceUrl ? opts.licence : allowAnyLicence,
    connectTimeoutMs: opts.connectTimeoutMs,
    now: opts.now,
    audit,
  });
  return {
    store,
    app,
    config,
    audit,
    admin: user.value,
    async close() {
      // the folded entries still counted (list reads, repeated refusals), before the log closes
      await auditFold.flush();
      await audit.close();
      store.close();
      if (!opts.dataDir) await Deno.remove(dataDir, { recursive: true });
    },
  };
}

/**
 * A fresh app on a fresh `:memory:` KV with an admin account and a session cookie (options as
 * for `testApp`).
 */
export async function setup(opts: TestAppOptions = { licence: allowAnyLicence }) {
  const { store, app, config, admin, audit, close } = await testApp(opts, {
    fullname: "Admin Uji",
    email: "admin@rs.test",
    passwordHash: await (adminHash ??= hashPassword(ADMIN_PASSWORD)),
  });
  const token = await createSession(store, {
    userId: admin._id,
    username: "admin",
    fullname: "Admin Uji",
    hospitalCode: "RS01",
  });
  const cookie = `sid=${token}`;
  /** A request with the session cookie. */
  const req = (path: string, init: RequestInit = {}) =>
    app.request(path, { ...init, headers: { cookie, ...init.headers } });
  const json = async (path: string, init: RequestInit = {}) => {
    const res = await req(path, init);
    return { status: res.status, body: await res.json() };
  };
  /** POST form-encoded fields. */
  const post = (path: string, fields: Record<string, string>) =>
    json(path, { method: "POST", body: new URLSearchParams(fields) });
  /** POST a file as multipart field `file`. */
  const upload = (path: string, name: string, content: string | Uint8Array) => {
    const fd = new FormData();
    fd.append("file", new File([content as BlobPart], name));
    return json(path, { method: "POST", body: fd });
  };
  /** A signed-in account of `role` (made on first use) and requests with its cookie. */
  const as = async (role: Role, username = `uji-${role}`) => {
    const col = users(store);
    const id = await col.idBy("username", username) ?? (await col.insert({
      fullname: `Uji ${role}`,
      email: `${username}@rs.test`,
      phone: "",
      username,
      gender: "",
      role,
      passwordHash: await (adminHash ??= hashPassword(ADMIN_PASSWORD)),
    })).value._id;
    const tok = await createSession(store, {
      userId: id,
      username,
      fullname: username,
      hospitalCode: "RS01",
    });
    const ck = `sid=${tok}`;
    const r = (path: string, init: RequestInit = {}) =>
      app.request(path, { ...init, headers: { cookie: ck, ...init.headers } });
    const j = async (path: string, init: RequestInit = {}) => {
      const res = await r(path, init);
      return { status: res.status, body: await res.json() };
    };
    return {
      id,
      cookie: ck,
      req: r,
      json: j,
      post: (path: string, fields: Record<string, string>) =>
        j(path, { method: "POST", body: new URLSearchParams(fields) }),
    };
  };
  return {
    app,
    store,
    config,
    admin,
    audit,
    as,
    cookie,
    req,
    json,
    post,
    upload,
    dataDir: config.dataDir,
    [Symbol.asyncDispose]: close,
  };
}

/** Province, regency, district and village rows small enough to reason about. */
export const WILAYAH = {
  provinces: "kode,nama\n11,Aceh\n12,Sumatera Utara\n",
  regencies:
    "kode,parent_kode,nama\n11.01,11,Kabupaten Aceh Selatan\n11.02,11,Kabupaten Aceh Tenggara\n" +
    "12.01,12,Kabupaten Tapanuli Tengah\n",
  districts: "kode,parent_kode,nama\n11.01.01,11.01,Bakongan\n11.01.02,11.01,Kluet Utara\n" +
    "12.01.01,12.01,Barus\n",
  villages: "kode,parent_kode,nama\n11.01.01.2001,11.01.01,Keude Bakongan\n" +
    "11.01.01.2002,11.01.01,Ujong Mangki\n11.01.02.2001,11.01.02,Fajar Harapan\n",
};

/** Imports the small region set through the API. */
export async function seedWilayah(t: Awaited<ReturnType<typeof setup>>) {
  for (
    const [res, csv] of [
      ["province", WILAYAH.provinces],
      ["regency", WILAYAH.regencies],
      ["district", WILAYAH.districts],
      ["village", WILAYAH.villages],
    ]
  ) {
    const r = await t.upload(`/api/${res}/import`, `${res}.csv`, csv);
    if (r.status !== 200) throw new Error(`${res}: ${JSON.stringify(r.body)}`);
  }
}

/** DataTables query string for a resource's columns. */
export function dtQuery(
  columns: string[],
  opts: {
    draw?: number;
    start?: number;
    length?: number;
    search?: string;
    order?: [number, string];
  } = {},
): string {
  const p = new URLSearchParams();
  p.set("draw", String(opts.draw ?? 1));
  p.set("start", String(opts.start ?? 0));
  p.set("length", String(opts.length ?? 10));
  p.set("search[value]", opts.search ?? "");
  columns.forEach((c, i) => {
    p.set(`columns[${i}][data]`, c);
    p.set(`columns[${i}][searchable]`, "true");
    p.set(`columns[${i}][orderable]`, "true");
  });
  if (opts.order) {
    p.set("order[0][column]", String(opts.order[0]));
    p.set("order[0][dir]", opts.order[1]);
  }
  return p.toString();
}

/**
 * A temporary folder removed when disposed. Declare it before the app that writes into it
 * (`await using tmp = await tempDir();` first), so the app closes its files before the folder is
 * removed: Windows refuses to delete files still open.
 */
export async function tempDir() {
  const path = await Deno.makeTempDir({ prefix: "casemix-test-" });
  return {
    path,
    [Symbol.asyncDispose]: () => Deno.remove(path, { recursive: true }),
  };
}

/** The current `_version` (KV versionstamp) of record `id` in `collection`, for an edit. */
export async function versionOf(
  t: { store: Store },
  collection: string,
  id: string,
): Promise<string> {
  return (await t.store.kv.get([collection, id])).versionstamp ?? "";
}

/** Runs `f` on a fresh `:memory:` store and its collection of `spec`, closing the store after. */
export async function withCollection<T extends Doc>(
  spec: CollectionSpec,
  f: (store: Store, col: Collection<T>) => Promise<void>,
) {
  const store = await Store.open(":memory:");
  try {
    await f(store, store.collection<T>(spec));
  } finally {
    store.close();
  }
}

/**
 * `setup`'s app served over real HTTP on a free loopback port (`Deno.serve`, real sockets):
 * what runs after an answer (a deferred audit write) meets a closed request there, as in
 * production, and the address is the socket's. `http` fetches a path of it.
 */
export async function served(opts?: TestAppOptions) {
  const t = await setup(opts);
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, t.app.fetch);
  const url = `http://127.0.0.1:${server.addr.port}`;
  const http = (path: string, init: RequestInit = {}) => fetch(`${url}${path}`, init);
  return {
    ...t,
    url,
    http,
    async [Symbol.asyncDispose]() {
      await server.shutdown();
      await t[Symbol.asyncDispose]();
    },
  };
}
