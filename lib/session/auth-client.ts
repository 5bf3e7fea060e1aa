import { passkeyClient } from "@better-auth/passkey/client";
import { twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

/**
 * better-auth's client for the pages that sign people in and manage their own accounts (the dashboard's data pages
 * never load it): Backroom's own address, `/api/auth/*`, where only the endpoints these pages call answer
 * (`lib/server/core/auth/auth-endpoints.ts`). Workspaces, members and invitations are Backroom's own routes
 * (`session-client.ts`), never the library's.
 *
 * @example
 * const { data, error } = await authClient.signIn.email({ email, password });
 * if (data && "twoFactorRedirect" in data) ... // ask for the code: authClient.twoFactor.verifyTotp({ code })
 */
export const authClient = createAuthClient({
  basePath: "/api/auth",
  plugins: [twoFactorClient(), passkeyClient()],
});
