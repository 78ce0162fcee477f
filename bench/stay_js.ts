// The stay page's JavaScript alone (`deno run -A bench/stay_js.ts`): the figure `ipd_bench.ts`
// reports as "JavaScript halaman /ipd/{id}", measured by the same `pageJs`, on one small stay,
// without the 50,000-stay data set. Builds the bundle first.
import { build } from "../build.ts";
import { setup } from "../tests/helpers.ts";
import { admission, postJson, seedIpd } from "../tests/ipd_fixtures.ts";
import { pageJs } from "./js_size.ts";
import { printFigure } from "./ipd_file.ts";

await build({ quiet: true });
await using t = await setup();
const w = await seedIpd(t);
const stay = await postJson(t, "/api/ipd/update", admission(w));
if (stay.status !== 200) throw new Error(`admission: ${JSON.stringify(stay.body)}`);
const js = await pageJs(t.app, t.cookie, `/ipd/${stay.body.data._id}`);
if (!js) throw new Error("/ipd/{id}: not 200");
printFigure(`JavaScript halaman /ipd/{id} (gzip, ${js.files} berkas)`, js.kb, 40, "KB");
