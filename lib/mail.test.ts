import { describe, expect, it } from 'vitest';
import { checkEmail, isCode, maskEmail, normalizeEmail } from './email';
import { MAIL_LIMITS, checkMail } from './mail';

describe('mail rules (shared by the app and the server)', () => {
  it('asks for the title first, then the content', () => {
    expect(checkMail({ title: '', content: '' })).toEqual({ field: 'title', reason: 'required' });
    expect(checkMail({ title: 'Hi', content: '' })).toEqual({ field: 'content', reason: 'required' });
    expect(checkMail({ title: 'Hi', content: 'Hello\nthere' })).toBeNull();
  });

  it('bounds lengths in characters as a reader counts them', () => {
    expect(checkMail({ title: '😀'.repeat(MAIL_LIMITS.title), content: 'x' })).toBeNull();
    expect(checkMail({ title: 'x'.repeat(MAIL_LIMITS.title + 1), content: 'x' })).toEqual({ field: 'title', reason: 'tooLong' });
    expect(checkMail({ title: 'x', content: 'x'.repeat(MAIL_LIMITS.content + 1) })).toEqual({ field: 'content', reason: 'tooLong' });
  });

  it('takes plain text only: no tags, comments or control characters, one line of title', () => {
    for (const content of ['<b>x</b>', 'a <img src=x onerror=alert(1)>', '</p>', '<!-- x', 'bell \u0007'])
      expect(checkMail({ title: 't', content })).toEqual({ field: 'content', reason: 'notPlain' });
    expect(checkMail({ title: 'a\nb', content: 'x' })).toEqual({ field: 'title', reason: 'notPlain' });
    expect(checkMail({ title: '1 < 2', content: '3 > 2, a<b' })).toBeNull();
  });
});

describe('email rules', () => {
  it('normalises and checks an email', () => {
    expect(normalizeEmail('  Alice@Example.COM ')).toBe('alice@example.com');
    expect(checkEmail(' ')).toBe('required');
    for (const bad of ['alice', 'a@b', 'a b@example.com', 'a@example.c', `${'x'.repeat(65)}@example.com`, 'a@@example.com'])
      expect([bad, checkEmail(bad)]).toEqual([bad, 'invalid']);
    for (const good of ['a@example.com', 'first.last+tag@mail.example.co.uk', 'ME@EXAMPLE.ORG']) expect([good, checkEmail(good)]).toEqual([good, null]);
  });

  it('accepts six digits as a code and masks an email', () => {
    expect(isCode('012345')).toBe(true);
    expect(isCode('12345')).toBe(false);
    expect(isCode('12345a')).toBe(false);
    expect(maskEmail('alice@example.com')).toBe('a***@example.com');
  });
});
