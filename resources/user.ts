import { z } from "zod";
import { USER_SPEC, users } from "../lib/auth/auth.ts";
import { badRequest, conflict } from "../lib/errors.ts";
import { hashPassword } from "../lib/auth/password.ts";
import { choicesOf, defineResource } from "../lib/resource/resource.ts";
import { email, gender, GENDERS, text } from "../lib/resource/validate.ts";

/** Login accounts. The password is set on create, changed on edit, and never sent back. */
export default defineResource({
  name: "user",
  label: "Pengguna",
  page: { path: "/pengguna", group: "Pengguna" },
  schema: z.object({
    fullname: text("Nama lengkap", { max: 200 }),
    email: email("Email", { required: true }),
    phone: text("Telepon", { max: 30, required: false }),
    username: z.string({ error: "Username wajib diisi." }).trim().min(1, {
      error: "Username wajib diisi.",
    }).max(50, { error: "Username paling banyak 50 karakter." }).regex(/^[A-Za-z0-9._-]+$/, {
      error: "Username hanya boleh huruf, angka, titik, garis bawah dan tanda minus.",
    }),
    gender: gender(),
    password: z.string().optional().default("").refine((p) => !p || p.length >= 8, {
      error: "Password minimal 8 karakter.",
    }),
  }),
  columns: [
    { data: "fullname", title: "Nama Lengkap" },
    { data: "username", title: "Username" },
    { data: "email", title: "Email" },
    { data: "phone", title: "Telepon" },
    { data: "gender", title: "Jenis Kelamin", choices: GENDERS },
  ],
  fields: [
    { name: "fullname", label: "Nama Lengkap", required: true },
    { name: "email", label: "Email", type: "email", required: true },
    { name: "phone", label: "Telepon" },
    { name: "username", label: "Username", required: true },
    { name: "gender", label: "Jenis Kelamin", choices: choicesOf(GENDERS) },
    {
      name: "password",
      label: "Password",
      type: "password",
      placeholder: "Kosongkan bila tidak diubah",
    },
  ],
  search: USER_SPEC.search,
  unique: USER_SPEC.unique,
  normalize: USER_SPEC.normalize,
  hidden: ["passwordHash"],
  import: { format: "csv", key: "username", aliases: { fullname: ["nama", "nama_lengkap"] } },
  async prepare(doc, { old }) {
    const { password, ...rest } = doc;
    if (password) return { ...rest, passwordHash: await hashPassword(String(password)) };
    if (!old?.passwordHash) throw badRequest("Password wajib diisi untuk pengguna baru.");
    return { ...rest, passwordHash: old.passwordHash };
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
