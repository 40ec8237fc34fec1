import type { Context } from 'hono';
import type { MemberApi } from './member-api';
import { endpoints } from '../../lib/api/contract';
import { escapeHtml } from '../../lib/html-escape';
import { LOCALE_OF } from '../../lib/languages';
import { bindEmail, changeEmail, sendCode } from '../email/binding';
import { translate } from '../i18n';
import { readUnsubscribe } from '../reminders/links';
import { emailReminders, rememberLanguage, setReminder } from '../reminders/preferences';
import { type Deps, route } from './route';

/** Email binding with a code sent by SMTP, and the reminder emails' switches (`emailapi`); the one-tap unsubscribe page. */
export function emailRoutes(app: MemberApi, deps: Deps) {
  // The reminder emails are written in the language of the member's last email call.
  route(app, deps, endpoints.sendCode, ({ user, input, envelope }) => sendCode(deps.db, deps.clock, deps.mailer, user, input, envelope.language));
  route(app, deps, endpoints.bindEmail, async ({ user, input, envelope }) => {
    const bound = await bindEmail(deps.db, deps.clock, user, input);
    await rememberLanguage(deps.db, deps.clock, user.id, envelope.language);
    return bound;
  });
  route(app, deps, endpoints.changeEmail, async ({ user, input, envelope }) => {
    const changed = await changeEmail(deps.db, deps.clock, user, input);
    await rememberLanguage(deps.db, deps.clock, user.id, envelope.language);
    return changed;
  });
  route(app, deps, endpoints.getEmailReminders, ({ user }) => emailReminders(deps.db, user));
  route(app, deps, endpoints.setEmailReminder, async ({ user, input, envelope }) => {
    await setReminder(deps.db, deps.clock, user.id, input.kind, input.on === '1');
    await rememberLanguage(deps.db, deps.clock, user.id, envelope.language);
    return emailReminders(deps.db, user);
  });

  // The link in every reminder email: signed for one member and one kind, no sign-in. GET (a tap) and POST (a mail
  // client's own unsubscribe button, RFC 8058) both record it and answer a small page in the email's language.
  const unsubscribe = async (c: Context) => {
    const { language, target } = await readUnsubscribe(deps.db, c.req.query());
    if (target) await setReminder(deps.db, deps.clock, target.userId, target.kind, false);
    const title = translate(target ? 'unsubscribedTitle' : 'unsubscribeInvalid', language);
    const body = target ? translate('unsubscribedBody', language, { kind: translate(`remindKind_${target.kind}`, language) }) : '';
    const page =
      `<!doctype html><html lang="${LOCALE_OF[language]}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>` +
      '<style>body{font-family:system-ui,sans-serif;margin:0;padding:3rem 1.25rem;background:#0b0f17;color:#e8edf5;text-align:center}main{max-width:26rem;margin:auto}h1{font-size:1.3rem}p{color:#a8b3c7;line-height:1.5}</style>' +
      `<main><h1 data-testid="unsubscribe-title">${escapeHtml(title)}</h1>${body ? `<p>${escapeHtml(body)}</p>` : ''}</main></html>`;
    return c.html(page, target ? 200 : 400, { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
  };
  app.get('/email/unsubscribe', unsubscribe);
  app.post('/email/unsubscribe', unsubscribe);
}
