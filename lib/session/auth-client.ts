import { passkeyClient } from "@better-auth/passkey/client";
import { organizationClient, twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";
import { accessControl, ROLES } from "./access-control";

/**
 * better-auth's client for the pages that sign people in and manage their accounts and workspaces (the dashboard's
 * data pages never load it): Backroom's own address, `/api/auth/*`, with the plugins the server has.
 *
 * @example
 * const { data, error } = await authClient.signIn.email({ email, password });
 * if (data && "twoFactorRedirect" in data) ... // ask for the code: authClient.twoFactor.verifyTotp({ code })
 */
export const authClient = createAuthClient({
  basePath: "/api/auth",
  plugins: [
    // The workspace's own field (`auth.ts`: `requireTwoFactor`), so `organization.update` takes it; types only.
    organizationClient({
      ac: accessControl,
      roles: ROLES,
      schema: { organization: { additionalFields: { requireTwoFactor: { type: "boolean", required: false } } } },
    }),
    twoFactorClient(),
    passkeyClient(),
  ],
});
