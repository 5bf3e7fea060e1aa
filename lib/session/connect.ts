// zod's tree-shakable build: the connect page, the first a person sees, carries only the checks it uses.
import * as z from "zod/mini";

/** The two environments of the Data API, as a person chooses them. */
export const ENVIRONMENT_CHOICES = [
  { value: "production", label: "Production" },
  { value: "test", label: "Test" },
] as const;

const environment = z.enum(["production", "test"], { error: "Choose Production or Test" });

/** Connecting with a key typed or pasted by the person. One schema for the form and for POST /api/session. */
export const KeyConnect = z.strictObject({
  apiKey: z.string().check(z.trim(), z.minLength(8, "Enter the whole API key"), z.maxLength(500, "That is too long to be an API key")),
  environment,
});

/**
 * Connecting as one of the sandbox's demo users: the browser names the kind of user, the server picks the demo key,
 * so no key, not even a public demo one, ever appears in a page.
 */
export const DemoConnect = z.strictObject({
  demo: z.enum(["Customer", "Supplier", "Employee"]),
  environment,
});

export const ConnectBody = z.union([KeyConnect, DemoConnect]);
export type KeyConnect = z.infer<typeof KeyConnect>;
export type ConnectBody = z.infer<typeof ConnectBody>;

/** A key of the session's ring as GET /api/session shows it: never the key itself. */
export interface SessionKey {
  id: string;
  keyType: "Employee" | "Customer" | "Supplier";
  environment: "production" | "test";
  sandbox: boolean;
  label: string;
  scope: { customers?: { id: number; name: string }[]; suppliers?: { id: number; name: string }[]; summary: string };
  /** The key's last four characters, to tell keys apart. */
  hint: string;
  addedAt: string;
  lastUsedAt: string | null;
  rateLimit: { limit: number; remaining: number; resetsAt: string; seenAt: string } | null;
}
