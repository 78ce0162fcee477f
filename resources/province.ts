import { region } from "./region.ts";

export default region("province");
