import { describe, expect, it } from 'vitest';
import { CONSOLE_LANGUAGES, ROLES, WITHDRAWAL_STATUSES } from '../../lib/console-api/inputs';
import { LANGUAGES, ROLE_LIST, WITHDRAWAL_STATUS_LIST } from './constants';

describe("the console's copies of the contract's lists", () => {
  it('match lib/console-api/inputs.ts', () => {
    expect([...LANGUAGES]).toEqual([...CONSOLE_LANGUAGES]);
    expect([...WITHDRAWAL_STATUS_LIST]).toEqual([...WITHDRAWAL_STATUSES]);
    expect([...ROLE_LIST]).toEqual([...ROLES]);
  });
});
