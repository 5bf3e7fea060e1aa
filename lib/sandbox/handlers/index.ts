import type { Handlers } from "../handler";
import { catalogHandlers } from "./catalog";
import { customerHandlers } from "./customers";
import { inventoryHandlers } from "./inventory";
import { peopleHandlers } from "./people";
import { referenceHandlers } from "./reference";

/** Every read operation the sandbox answers, by operation id. */
export const readHandlers: Handlers = {
  ...referenceHandlers,
  ...customerHandlers,
  ...catalogHandlers,
  ...inventoryHandlers,
  ...peopleHandlers,
};
