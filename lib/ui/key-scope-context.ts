"use client";

import { createContext, useContext } from "react";
import type { KeyScope } from "@/lib/domain/key-scope";

/** The active key's scope, given by the dashboard's providers. */
export const KeyScopeContext = createContext<KeyScope>({ keyType: "Employee" });

/** The active key's type and scope, as the session holds them. */
export function useKeyScope(): KeyScope {
  return useContext(KeyScopeContext);
}
