import { describe, expect, it } from 'vitest';
import { sectionsFor } from './sections';

describe('sectionsFor', () => {
  it('gives an auditor withdrawals, health and the audit log, never rules, operators or members', () => {
    expect(sectionsFor(['auditor'])).toEqual(['withdrawals', 'health', 'audit']);
  });
  it('gives support mail, community applications and members', () => {
    expect(sectionsFor(['support'])).toEqual(['mail', 'community', 'members', 'health', 'audit']);
  });
  it('gives an editor content but no money', () => {
    expect(sectionsFor(['editor'])).toEqual(['content', 'health', 'audit']);
  });
  it('gives an admin every section and nobody anything without a role but health and audit', () => {
    expect(sectionsFor(['admin'])).toHaveLength(9);
    expect(sectionsFor(['auditor', 'editor'])).toEqual(['withdrawals', 'content', 'health', 'audit']);
  });
});
