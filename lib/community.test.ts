import { describe, expect, it } from 'vitest';
import { checkApplication, checkPhotoFile, photoDigest } from './community';

const full = {
  receiver: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  province: '44',
  city: '4403',
  community: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  photos: ['a', 'b', 'c'],
};

describe('checkApplication', () => {
  it('asks for each field in the spec order', () => {
    expect(checkApplication({ ...full, receiver: '' })).toEqual({ ok: false, message: 'validation.applicationAddress' });
    expect(checkApplication({ ...full, province: '', city: '' })).toEqual({ ok: false, message: 'validation.provinceFirst' });
    expect(checkApplication({ ...full, city: '' })).toEqual({ ok: false, message: 'validation.cityFirst' });
    expect(checkApplication({ ...full, community: ' ' })).toEqual({ ok: false, message: 'community.communityRequired' });
    expect(checkApplication({ ...full, photos: ['a', 'b'] })).toEqual({ ok: false, message: 'validation.officePhotos' });
  });
  it('refuses a community address that is not an address', () => {
    expect(checkApplication({ ...full, community: '0x123' })).toEqual({ ok: false, message: 'errors.invalidAddress' });
    // A mixed-case address with a wrong checksum is a typo (lib/address.ts parseAddress).
    expect(checkApplication({ ...full, community: '0x5FbDB2315678afecb367f032d93F642f64180aA3' })).toEqual({ ok: false, message: 'errors.invalidAddress' });
    expect(checkApplication({ ...full, community: '0x0000000000000000000000000000000000000000' })).toEqual({ ok: false, message: 'errors.invalidAddress' });
  });
  it('passes a complete form with the community address checksummed', () => {
    expect(checkApplication(full)).toEqual({ ok: true, receiver: full.receiver, community: '0x5FbDB2315678afecb367f032d93F642f64180aa3' });
  });
});

describe('checkPhotoFile', () => {
  it('refuses more than 5 MB and a declared type other than JPEG, PNG or WebP', () => {
    expect(checkPhotoFile({ size: 5 * 1024 * 1024 + 1, type: 'image/jpeg' })).toBe('community.photoTooLarge');
    expect(checkPhotoFile({ size: 10, type: 'image/gif' })).toBe('community.photoType');
    expect(checkPhotoFile({ size: 10, type: 'image/webp' })).toBeUndefined();
    expect(checkPhotoFile({ size: 10, type: '' })).toBeUndefined();
  });
});

describe('photoDigest', () => {
  it('gives the same file the same digest and another file another', async () => {
    const a = await photoDigest(new Blob([new Uint8Array([1, 2, 3])]));
    expect(a).toBe('039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81');
    expect(await photoDigest(new Blob([new Uint8Array([1, 2, 3])]))).toBe(a);
    expect(await photoDigest(new Blob([new Uint8Array([1, 2, 4])]))).not.toBe(a);
  });
});
