import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { vaultAbi, wldTokenAbi } from './generated';

const artifactAbi = (name: string) => JSON.parse(readFileSync(`contracts/out/${name}.sol/${name}.json`, 'utf8')).abi;

describe('checked-in ABIs', () => {
  it('match a fresh forge build of the contracts (run `npm run abi` when this fails)', () => {
    execFileSync('../node_modules/.bin/forge', ['build', '--silent'], { cwd: 'contracts', stdio: 'inherit' });
    expect(vaultAbi).toEqual(artifactAbi('Vault'));
    expect(wldTokenAbi).toEqual(artifactAbi('WLDToken'));
  }, 180_000); // a cold build compiles with solc-js, which takes a while on a fresh machine
});
