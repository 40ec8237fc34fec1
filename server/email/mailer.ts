import nodemailer from 'nodemailer';

/** Sends one plain-text email. The server has one when SMTP_URL is set (server/config.ts). */
export type Mailer = { send: (message: { to: string; subject: string; text: string }) => Promise<void>; close: () => void };

/** A mailer over SMTP (nodemailer): `smtp://user:pass@host:port` or `smtps://…`; `from` is the sender. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async ({ to, subject, text }) => {
      await transport.sendMail({ from, to, subject, text });
    },
    close: () => transport.close(),
  };
}
