import nodemailer from 'nodemailer';

/** One plain-text email; `headers` are extra header lines (the reminders' List-Unsubscribe). */
export type OutgoingMail = { to: string; subject: string; text: string; headers?: Record<string, string> };

/** Sends one plain-text email. The server has one when SMTP_URL is set (server/config.ts). */
export type Mailer = { send: (message: OutgoingMail) => Promise<void>; close: () => void };

/** A mailer over SMTP (nodemailer): `smtp://user:pass@host:port` or `smtps://…`; `from` is the sender. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async ({ to, subject, text, headers }) => {
      await transport.sendMail({ from, to, subject, text, headers });
    },
    close: () => transport.close(),
  };
}
