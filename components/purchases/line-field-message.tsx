"use client";

import type { LineMessages } from "@/lib/ui/purchases/field-messages";
import { FIELD_ERROR } from "@/lib/ui/styles";

interface LineFieldMessageProps {
  /** The line's id prefix (`line-<key>`). */
  id: string;
  field: keyof LineMessages;
  messages: LineMessages | undefined;
}

/** The id of a line field's message, when the field has one: what its input is described by. */
export function lineMessageId(id: string, messages: LineMessages | undefined, field: keyof LineMessages) {
  return messages?.[field] ? `${id}-${field}` : undefined;
}

/** A line field's message, under the field. */
export function LineFieldMessage({ id, field, messages }: LineFieldMessageProps) {
  return messages?.[field] ? (
    // Narrow columns wrap their message instead of widening the grid.
    <p
      id={`${id}-${field}`}
      className={`${FIELD_ERROR} ${field === "product" ? "max-w-72" : "max-w-32"} whitespace-normal`}
    >
      {messages[field]}
    </p>
  ) : null;
}
