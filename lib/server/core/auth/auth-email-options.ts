import "server-only";
import { hash, verify } from "@node-rs/argon2";
import type { BetterAuthOptions } from "better-auth";
import { type AuthConfig, siteOf } from "./auth-config";

/**
 * Sign-in by address and password: Argon2id hashes, sessions revoked on a reset, and where mail goes out an address
 * proved before its person signs in, with the mails that go with it.
 *
 * @example
 * const options = { emailAndPassword: emailAndPasswordOptions(config) };
 */
export function emailAndPasswordOptions(config: AuthConfig) {
  const { mailer } = config;
  return {
    enabled: true,
    minPasswordLength: 12,
    maxPasswordLength: 256,
    password: {
      // @node-rs/argon2's default algorithm is Argon2id (its const enum cannot be named under isolatedModules); a test
      // checks the stored hash says so.
      hash: (password: string) => hash(password, config.passwordCost),
      verify: ({ hash: stored, password }: { hash: string; password: string }) => verify(stored, password),
    },
    revokeSessionsOnPasswordReset: true,
    // Where mail goes out, an address is proved before its person signs in: a sign-up answers alike whether the
    // address had an account or not (no enumeration), and the one who has it is told by mail instead.
    requireEmailVerification: mailer.delivers,
    onExistingUserSignUp: async ({ user }: { user: { email: string } }, request?: Request) => {
      const signIn = `${siteOf(config, request)}/sign-in`;
      await mailer.send({
        to: user.email,
        subject: "Someone tried to create a Backroom account with your address",
        text: `Someone tried to create a Backroom account with this address, which already has one.\n\nIf it was you, sign in: ${signIn} (or reset your password there).\nIf it was not, nothing has changed and you need do nothing.`,
        link: signIn,
      });
    },
    sendResetPassword: async ({ user, url }: { user: { email: string }; url: string }) => {
      await mailer.send({
        to: user.email,
        subject: "Reset your Backroom password",
        text: `Someone asked to reset the password of your Backroom account.\n\nSet a new one: ${url}\n\nIf it was not you, ignore this mail.`,
        link: url,
      });
    },
  } satisfies NonNullable<BetterAuthOptions["emailAndPassword"]>;
}

/**
 * The proof of an address: sent at sign-up and at a sign-in before it, signing the person in once proved.
 *
 * @example
 * const options = { emailVerification: emailVerificationOptions(config) };
 */
export function emailVerificationOptions(config: AuthConfig) {
  const { mailer } = config;
  return {
    sendOnSignUp: mailer.delivers,
    // A person who signs in before proving the address gets a new link.
    sendOnSignIn: mailer.delivers,
    autoSignInAfterVerification: true,
    sendVerificationEmail: async ({ user, url }: { user: { email: string }; url: string }) => {
      await mailer.send({
        to: user.email,
        subject: "Confirm your Backroom account",
        text: `Confirm that this address is yours: ${url}`,
        link: url,
      });
    },
  } satisfies NonNullable<BetterAuthOptions["emailVerification"]>;
}
