import "server-only";
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A real SMTP server on loopback that keeps every mail it is sent, parsed; see {@link startMailCapture}. */
export interface MailCapture {
  /** The server's address for the mailer (`SMTP_URL`): `smtp://127.0.0.1:<port>`. */
  url: string;
  /** Each mail received, in order, parsed as a mail client reads it (MIME, attachments); empty it between tests. */
  received: ParsedMail[];
  /** Stops the server. */
  close(): Promise<void>;
}

/**
 * Starts a real SMTP server on 127.0.0.1 (a free port), without auth or TLS, that parses each mail it is sent with
 * mailparser into `received`: the mail is sent and read back as a mail client would. For `*.test.ts` files only
 * (smtp-server and mailparser are dev dependencies); kept out of `./testing.ts` so that its other users do not load
 * them.
 *
 * @example
 * let capture: MailCapture;
 * beforeAll(async () => {
 *   capture = await startMailCapture();
 * });
 * afterEach(() => {
 *   capture.received.length = 0;
 * });
 * afterAll(() => capture.close());
 * // createMailer({ url: capture.url, from: "Backroom <no-reply@backroom.test>", noted: () => {} })
 */
export async function startMailCapture(): Promise<MailCapture> {
  const received: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
