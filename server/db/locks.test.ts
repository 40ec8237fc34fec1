import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from './locks';

describe('advisory lock ids', () => {
  it('names every id once', () => {
    const ids = Object.values(ADVISORY_LOCKS);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives the audit trigger the id its migration takes', () => {
    const trigger = readFileSync(new URL('./migrations/0027_audit_chain.sql', import.meta.url), 'utf8');
    expect(trigger).toContain(`pg_advisory_xact_lock(${ADVISORY_LOCKS.auditChain})`);
  });
});
