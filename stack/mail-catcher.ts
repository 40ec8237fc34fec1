import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { escapeHtml } from '../lib/html-escape';

/** A message the catcher received. */
export type CaughtMail = { id: number; from: string; to: string[]; subject: string; text: string; date: string };
export type MailCatcher = { smtpUrl: string; webUrl: string; messages: () => CaughtMail[]; stop: () => Promise<void> };

/**
 * A local mail catcher for development and tests: an SMTP server (smtp-server) on 127.0.0.1 that keeps every
 * message in memory (parsed with mailparser) and never relays it, and a page listing them (`webUrl`, newest
 * first; `webUrl + 'messages'` as JSON). No TLS and no login: it only ever listens on loopback.
 */
export async function startMailCatcher(opts: { smtpPort?: number; webPort?: number } = {}): Promise<MailCatcher> {
  const caught: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'local mail catcher',
    size: 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          caught.push({
            id: caught.length + 1,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            date: (mail.date ?? new Date()).toISOString(),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(opts.smtpPort ?? 0, '127.0.0.1', () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const web = createServer((req, res) => {
    const newest = [...caught].reverse();
    if (req.url === '/messages') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(newest));
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    const rows = newest.map(
      (m) =>
        `<article><h3>${escapeHtml(m.subject)}</h3><p>${escapeHtml(m.date)} · to ${escapeHtml(m.to.join(', '))}</p><pre>${escapeHtml(m.text)}</pre></article>`,
    );
    res.end(
      `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Mail catcher</title><style>body{font-family:sans-serif;margin:1rem}pre{white-space:pre-wrap;overflow-wrap:anywhere}</style><h1>Local mail catcher (${caught.length})</h1>${rows.join('') || '<p>No mail yet.</p>'}`,
    );
  });
  await new Promise<void>((resolve) => web.listen(opts.webPort ?? 0, '127.0.0.1', () => resolve()));
  const webPort = (web.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webUrl: `http://127.0.0.1:${webPort}/`,
    messages: () => [...caught],
    stop: () =>
      new Promise<void>((resolve) => {
        web.close();
        smtp.close(() => resolve());
      }),
  };
}

/** The newest code a catcher page (`webUrl`) shows for an address: read over HTTP, as a person would read the mail. */
export async function latestCode(webUrl: string, to: string): Promise<string | undefined> {
  const messages = (await (await fetch(`${webUrl}messages`)).json()) as CaughtMail[];
  const mail = messages.find((m) => m.to.includes(to.toLowerCase()));
  return mail && /\b(\d{6})\b/.exec(mail.subject)?.[1];
}
