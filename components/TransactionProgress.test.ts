import { NextIntlClientProvider } from 'next-intl';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import en from '@/messages/en.json';
import type { WriteStage } from './api/useChainWrite';
import { TransactionProgress } from './TransactionProgress';

const hash = `0x${'ab'.repeat(32)}` as const;
const render = (props: Parameters<typeof TransactionProgress>[0]) =>
  renderToStaticMarkup(
    createElement(NextIntlClientProvider, {
      locale: 'en',
      timeZone: 'UTC',
      messages: en,
      children: createElement(Router, { ssrPath: '/wallet', children: createElement(TransactionProgress, props) }),
    }),
  );
const write = (stage: WriteStage) => render({ testId: 't', stage });

describe('TransactionProgress', () => {
  it('a single write long without a receipt shows its hash and that it is still pending', () => {
    const html = write({ step: 'pending', hash, slow: true });
    expect(html).toContain(hash);
    expect(html).toContain('data-testid="still-pending"');
  });

  it('a confirmed write ticks every step and no longer calls its transaction pending', () => {
    const html = write({ step: 'confirmed', hash });
    expect(html.match(/✓ /g)).toHaveLength(3);
    expect(html).not.toContain('Pending transaction');
  });

  it('idle or failed (already reported) renders nothing', () => {
    expect(write({ step: 'idle' })).toBe('');
    expect(write({ step: 'failed', error: new Error('x') })).toBe('');
  });

  it('a flow with its own steps lists them in order, ticks the done ones and asks for the wallet on the current one', () => {
    const html = render({ testId: 't', stage: { step: 'wallet' }, steps: ['approve', 'recharge', 'crediting'], current: 'recharge' });
    const at = (text: string) => html.indexOf(text);
    expect(at('✓ Approve WLD')).toBeGreaterThan(-1);
    expect(at('● Pay the handling fee and recharge — confirm in your wallet')).toBeGreaterThan(at('✓ Approve WLD'));
    expect(at('○ Waiting for the recharge to be credited')).toBeGreaterThan(at('● Pay the handling fee and recharge'));
  });

  it('past the settlement bound the waiting step stays current, says it is still waiting and links to its records', () => {
    const html = render({
      testId: 't',
      stage: { step: 'idle' },
      steps: ['wallet', 'pending', 'confirmed', 'recording'],
      current: 'recording',
      unconfirmed: 'transfer',
    });
    expect(html).toContain('● Waiting for the ledger to record it');
    expect(html).toContain('Still waiting for confirmation: it will appear in your records.');
    expect(html).toMatch(/<a [^>]*href="[^"]*\/wallet\?records=transfer"[^>]*>View records<\/a>/);
  });

  it('while the ledger is still awaited, before the bound, says nothing of still waiting', () => {
    const html = render({ testId: 't', stage: { step: 'idle' }, steps: ['approve', 'recharge', 'crediting'], current: 'crediting' });
    expect(html).toContain('● Waiting for the recharge to be credited');
    expect(html).not.toContain('still-waiting');
  });
});
