import { monotonicFactory } from "ulid";

/** Monotonic ULID generator: sortable by creation time, unique within the process. */
export const newId: () => string = monotonicFactory();
