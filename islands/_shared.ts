// The code islands share. build.ts injects it into every module, so all of it lands in one
// chunk that every island page loads, instead of one chunk per set of islands using a module.
import "preact";
import "preact/hooks";
import "preact/compat";
import "preact/jsx-runtime";
import "../components/ui/Dialog.tsx";
import "../components/ui/api.ts";
import "../components/ui/Field.tsx";
import "../components/ui/Toast.tsx";
import "../components/ui/ServerTable.tsx";
import "../components/ui/use_server_table.ts";
import "../components/ui/Blocker.tsx";
import "../lib/format.ts";
import "../lib/hospital_time.ts";
import "../components/ui/Select.tsx";
import "../components/ui/Modal.tsx";
import "../components/ui/Form.tsx";
import "../components/ui/DateInput.tsx";
import "../components/ui/Pagination.tsx";
import "../components/ui/TableHead.tsx";
import "../components/ui/Progress.tsx";
import "../lib/resource/resource.ts";
// the stay lists' and forms' modules too (each page of them loaded six more small files: each
// request and compile costs a slow PC's main thread more than their 17 KB cost every page)
import "../components/ui/use_field_errors.ts";
import "../components/ipd/VisitList.tsx";
import "../components/ipd/VisitDetail.tsx";
import "../components/ipd/Filters.tsx";
import "../components/ipd/cells.tsx";
import "../components/ipd/exam_cells.tsx";
import "../lib/ipd/columns.ts";
import "../lib/ipd/filters.ts";
import "../lib/ipd/keywords.ts";
import "../lib/ipd/rules.ts";
import "../lib/ipd/model.ts";
import "../lib/claim/columns.ts";
import "../lib/report/dashboard.ts";
import "../lib/report/period.ts";
import "../components/LicenceAgreement.tsx";
