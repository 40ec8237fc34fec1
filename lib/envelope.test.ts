import { describe, expect, it } from 'vitest';
import { canonicalJson, signEnvelope, verifyEnvelope } from './envelope';

describe('envelope', () => {
  it('sorts keys, stringifies values and leaves sign out', () => {
    expect(canonicalJson({ ust: '1700000000', address: '0xA', sign: 'x', language: 'zh' })).toBe('{"address":"0xA","language":"zh","ust":"1700000000"}');
  });
  it('gives a known md5 for a known payload, UTF-8 included', () => {
    // expected value computed independently with coreutils md5sum
    expect(signEnvelope({ ust: '1700000000', language: 'zh', address: '0xAbC' }, 'secret-键')).toBe('0ab76960baeba11ad8594323a9730e94');
  });
  it('verifies its own sign and rejects a tampered field', () => {
    const fields = { address: '0xA', ust: '1', language: 'en' };
    const sign = signEnvelope(fields, 'k');
    expect(verifyEnvelope({ ...fields, sign }, 'k')).toBe(true);
    expect(verifyEnvelope({ ...fields, ust: '2', sign }, 'k')).toBe(false);
  });
});
