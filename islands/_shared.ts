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
