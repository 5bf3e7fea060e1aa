import type { Handlers } from "../handler";
import { catalogHandlers } from "./catalog";
import { customerHandlers } from "./customers";
import { inventoryHandlers } from "./inventory";
import { invoiceHandlers } from "./invoices";
import { paymentHandlers } from "./payments";
import { peopleHandlers } from "./people";
import { purchasingHandlers } from "./purchasing";
import { referenceHandlers } from "./reference";

/** Every read operation the sandbox answers, by operation id. */
export const readHandlers: Handlers = {
  ...referenceHandlers,
  ...customerHandlers,
  ...catalogHandlers,
  ...inventoryHandlers,
  ...peopleHandlers,
  ...invoiceHandlers,
  ...paymentHandlers,
  ...purchasingHandlers,
};
