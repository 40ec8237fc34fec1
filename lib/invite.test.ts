import { describe, expect, it } from 'vitest';
import { introOfSearch } from './auth/intro-link';
import { inviteLink, inviteQrFileName } from './invite';

const ADDRESS = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';

describe('inviteLink', () => {
  it('is the origin plus the hash route with the checksummed address', () => {
    expect(inviteLink({ origin: 'https://wld.example', pathname: '/' }, ADDRESS)).toBe(
      'https://wld.example/#/?intro=0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    );
  });

  it('keeps a sub-path such as an IPFS gateway', () => {
    expect(inviteLink({ origin: 'https://gw.example', pathname: '/ipfs/bafy123/' }, ADDRESS)).toBe(
      'https://gw.example/ipfs/bafy123/#/?intro=0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    );
  });

  it('round-trips through the referrer the router reads', () => {
    const link = inviteLink({ origin: 'http://127.0.0.1:3000', pathname: '/' }, ADDRESS);
    const search = new URL(link).hash.split('?')[1];
    expect(introOfSearch(search ?? '')).toBe('0x90F79bf6EB2c4f870365E785982E1f101E93b906');
  });

  it('refuses something that is not an address', () => {
    expect(() => inviteLink({ origin: 'https://wld.example', pathname: '/' }, '0x1234')).toThrow();
  });
});

describe('inviteQrFileName', () => {
  it('names the image after the address', () => {
    expect(inviteQrFileName(ADDRESS)).toBe('invite-90f79bb906.png');
  });
});
