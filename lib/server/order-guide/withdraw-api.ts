import "server-only";
import { recordOwner } from "../core/auth/demo-visitor";
import {
  mayMailWithdrawalAgain,
  mayWithdraw,
  type OrderList,
  type OrderListJson,
  reachedRep,
  type WithdrawalMail,
} from "@/lib/domain/order-guide/order-list";
import { actorOf } from "../core/audit/write-audit";
import { type ActorOf, defineRoute } from "../core/define-route";
import { refusal } from "../core/route-errors";
import { publicOrigin } from "../core/public-origin";
import { OrderListAnswerJson } from "./answers";
import { noSuchList } from "./errors";
import { withdrawalMail } from "./list-mail";
import { MAX_ID_LENGTH, type OrderListDeps, SEND, storeOf } from "./list-deps";
import type { ListScope, NewWithdrawal, OrderListStore } from "./order-lists-store";
import { told } from "./shared-tell";

/** 409 `LIST_BEING_SENT`: the list's own mail is going this moment; its withdrawal waits for it. */
const beingSent = () =>
  refusal(
    "LIST_BEING_SENT",
    "The list is being mailed this moment: withdraw it once it reads Sent (in a few seconds), so the rep never gets the withdrawal before the list.",
    409,
  );

/**
 * How a withdrawal's mail starts: a list that never reached the rep needs none; one that did is mailed, unless mail is
 * off on this Backroom.
 */
function firstMail(list: OrderList, delivers: boolean): NewWithdrawal["mail"] {
  if (!reachedRep(list.status)) return "not-mailed";
  return delivers ? "sending" : "mail-off";
}

export const withdrawOrderList = defineRoute(
  {
    method: "POST",
    path: "/api/order-guide/lists/{id}/withdraw",
    summary: "Withdraws a reorder list, once, and mails the rep it reached that it is withdrawn.",
    description: [
      "The list reads withdrawn from then on and is never mailed again. The rep it reached is mailed once (a copy to",
      "whoever withdraws it); `withdrawal.mail` says what became of that mail (`not-mailed` when the list never reached",
      "the rep). Each withdrawal is an `order-list-withdrawn` entry in the audit trail.",
      "",
      "A second request (a double press, another tab, the same key again) answers the list as it is and mails nothing;",
      "a withdrawal whose mail the server refused, or whose request stopped before it, is mailed by the next one.",
      "",
      "Refusals: 409 `LIST_BEING_SENT` while the list's own mail is going (withdraw it once it reads sent); 409",
      "`LIST_ENTERED` once the rep entered it in the ERP; 404 `NOT_FOUND` for a list not the workspace's.",
    ].join("\n"),
    answer: OrderListAnswerJson,
    idempotencyKey: "required",
    need: "key",
    permission: SEND,
  },
  async ({ request, actor, params, idempotencyKey }, deps: OrderListDeps): Promise<OrderListJson> => {
    const id = params.id ?? "";
    const scope: ListScope = { workspaceId: recordOwner(actor), environment: actor.key.environment };
    const store = storeOf(deps);
    const list = id.length <= MAX_ID_LENGTH ? await store.get(scope, id) : undefined;
    if (!list) throw noSuchList();
    if (list.withdrawal) {
      if (!mayMailWithdrawalAgain(list.withdrawal) || !(await store.claimWithdrawalMail(scope, id)))
        return { list: (await store.get(scope, id)) ?? list };
      return { list: await mailWithdrawal(request, actor, deps, store, id, idempotencyKey) };
    }
    if (list.enteredAt)
      throw refusal("LIST_ENTERED", "The rep entered this list in the ERP: ask them to change the order instead.", 409);
    if (!mayWithdraw(list)) throw beingSent();
    const by = { id: actor.person.id, name: actor.person.name, email: actor.person.email };
    const mail = firstMail(list, deps.mailer.delivers);
    // Of two requests at once one withdraws it; the other answers it as that one left it.
    if (!(await store.withdraw(scope, id, { by, mail, idempotencyKey }))) {
      const now = await store.get(scope, id);
      if (now && !now.withdrawal)
        throw now.enteredAt
          ? refusal("LIST_ENTERED", "The rep entered this list in the ERP meanwhile.", 409)
          : beingSent();
      return { list: now ?? list };
    }
    await told(request, actor, deps, list, "withdrawn", "Withdrawn");
    if (mail === "sending") return { list: await mailWithdrawal(request, actor, deps, store, id, idempotencyKey) };
    await recordWithdrawal(request, actor, deps, list, mail, idempotencyKey);
    return { list: (await store.get(scope, id))! };
  },
);

/** Mails a claimed withdrawal to the rep, sets what became of the mail and records it. */
async function mailWithdrawal(
  request: Request,
  actor: ActorOf["key"],
  deps: OrderListDeps,
  store: OrderListStore,
  id: string,
  idempotencyKey: string,
): Promise<OrderList> {
  const scope: ListScope = { workspaceId: recordOwner(actor), environment: actor.key.environment };
  const list = (await store.get(scope, id))!;
  let mail: WithdrawalMail = "sent";
  try {
    const link = `${publicOrigin(request)}/order-guide/lists/${list.id}`;
    await deps.mailer.send(withdrawalMail(list, { name: actor.person.name, email: actor.person.email }, link));
  } catch {
    mail = "mail-failed";
  }
  await store.setWithdrawalMail(id, mail);
  await recordWithdrawal(request, actor, deps, list, mail, idempotencyKey);
  return (await store.get(scope, id))!;
}

async function recordWithdrawal(
  request: Request,
  actor: ActorOf["key"],
  deps: OrderListDeps,
  list: OrderList,
  mail: WithdrawalMail,
  idempotencyKey: string,
): Promise<void> {
  await deps.audit.record({
    event: "order-list-withdrawn",
    operation: `POST ${new URL(request.url).pathname}`,
    actor: actorOf(request, actor, actor.key),
    reference: {
      customerId: list.customerId,
      lineCount: list.lineCount,
      totalCases: list.totalCases,
      amount: list.total,
      subjectEmail: list.recipient,
      listId: list.id,
      listStatus: mail,
    },
    idempotencyKey,
    // Withdrawn whatever became of the mail: the reference says whether the rep was told.
    result: "done",
  });
}
