import { z } from "zod";
import { keepOnlySession, SESSION_COOKIE, USER_SPEC, users } from "../lib/auth/auth.ts";
import { badRequest, conflict } from "../lib/errors.ts";
import { hashPassword } from "../lib/auth/password.ts";
import { passwordProblem } from "../lib/auth/policy.ts";
import { type Role, roleOf, ROLES } from "../lib/auth/roles.ts";
import { getCookie } from "hono/cookie";
import { defineResource } from "../lib/resource/resource.ts";
import { model } from "../lib/resource/fields.ts";
import { gender, nik, phone } from "./person.ts";
import { email } from "../lib/resource/validate.ts";

/** What the NIK field says under it (the user form and the account page). */
export const NIK_HINT = "16 angka: NIK yang terdaftar di Registrasi Personel E-Klaim.";

/** Login accounts (admin only); a password or role change ends the account's other sessions. */
export default defineResource({
  name: "user",
  label: "Pengguna",
  page: { path: "/pengguna", group: "Pengguna" },
  access: { read: "admin", write: "admin" },
  ...model({
    fullname: { label: "Nama Lengkap", check: { max: 200 } },
    email: { label: "Email", check: (l) => email(l), form: { type: "email" } },
    phone,
    username: {
      label: "Username",
      check: z.string({ error: "Username wajib diisi." }).trim().min(1, {
        error: "Username wajib diisi.",
      }).max(50, { error: "Username paling banyak 50 karakter." }).regex(/^[A-Za-z0-9._-]+$/, {
        error: "Username hanya boleh huruf, angka, titik, garis bawah dan tanda minus.",
      }),
    },
    gender,
    role: {
      label: "Peran",
      choices: ROLES,
      check: z.string().optional().default("").transform((v) => v.trim().toLowerCase()).refine(
        (v) => !v || v in ROLES,
        { error: "Peran harus admin, casemix atau viewer." },
      ),
      form: { required: true },
    },
    nik: nik(NIK_HINT),
    password: {
      label: "Password",
      check: z.string().optional().default(""),
      column: false,
      form: { type: "password", placeholder: "Kosongkan bila tidak diubah" },
    },
  }, { columns: ["fullname", "username"] }),
  search: USER_SPEC.search,
  unique: USER_SPEC.unique,
  normalize: USER_SPEC.normalize,
  tally: USER_SPEC.tally,
  hidden: ["passwordHash", "sessionGen"],
  import: {
    key: "username",
    aliases: { fullname: ["nama", "nama_lengkap"], role: ["peran"], nik: ["nik_eklaim"] },
  },
  actions: [{
    label: "Buka Kunci",
    path: "unlock",
    confirm: "Buka kunci login akun ini (hapus hitungan percobaan gagal)?",
  }],
  async prepare(doc, { old }) {
    const { password, role: given, ...fields } = doc;
    // no NIK stored on an account that never had one (nor a unique key for it)
    const { nik, ...others } = fields;
    const rest = nik || old?.nik ? fields : others;
    const role: Role = (given as Role) || (old ? roleOf(old) : "casemix");
    const gen = Number(old?.sessionGen ?? 0);
    const roleChanged = !!old && roleOf(old) !== role;
    if (password) {
      const weak = passwordProblem(String(password), String(doc.username ?? ""));
      if (weak) throw badRequest(weak).at("password");
    } else if (!old?.passwordHash) {
      throw badRequest("Password wajib diisi untuk pengguna baru.").at("password");
    }
    return {
      ...rest,
      role,
      passwordHash: password ? await hashPassword(String(password)) : old!.passwordHash,
      sessionGen: password || roleChanged ? gen + 1 : gen,
    };
  },
  async afterSave(row, { c, store, old }) {
    // editing one's own account here keeps this session and ends the others
    const gen = Number(row.value.sessionGen ?? 0);
    if (c?.get("session")?.userId === row.value._id && gen !== Number(old?.sessionGen ?? 0)) {
      await keepOnlySession(store, gen, getCookie(c, SESSION_COOKIE));
    }
  },
  async beforeDelete(doc, { c, store }) {
    if (c?.get("session")?.userId === doc._id) {
      throw conflict("Anda tidak dapat menghapus akun Anda sendiri.");
    }
    if ((await users(store).index()).size <= 1) {
      throw conflict("Pengguna terakhir tidak dapat dihapus.");
    }
  },
});
