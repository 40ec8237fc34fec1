import { type Address, type Hash, parseEther } from 'viem';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_TOKEN, LOCAL_VAULT, vaultAbi, wldTokenAbi } from '../../abi';
import { signEnvelope } from '../../lib/envelope';
import { anvilAccount } from '../../stack/accounts';
import { runOp } from '../admin/ops';
import { readPhoto } from '../community/photos';
import type { PaymentChain } from '../community/payment';
import { API_KEY, type Reply, testServer } from './harness';
import { type LocalChain, localChain } from './local-chain';

let net: LocalChain;
let s: Awaited<ReturnType<typeof testServer>>;
let payments: PaymentChain;
const owner = anvilAccount(0);
const [alice, bob, carol] = [anvilAccount(1), anvilAccount(2), anvilAccount(3)];
// Members of the 'paying once' tests, and a second receiving address.
const [dave, erin] = [anvilAccount(4), anvilAccount(7)];
const receiver = anvilAccount(5).address;
const otherReceiver = anvilAccount(8).address;
const AMOUNT = parseEther('100');

const client = () => net.client();
const wallet = (who: typeof alice) => net.wallet(who);

beforeAll(async () => {
  net = await localChain();
  payments = { client: client(), vault: LOCAL_VAULT, confirmations: 0 };
  s = await testServer({}, { payments });
  for (const a of [alice, bob, carol, dave, erin]) {
    await runOp(s.db, 'root.add', [a.address]);
    await s.login(a);
  }
  for (const r of [receiver, otherReceiver]) {
    await client().waitForTransactionReceipt({
      hash: await wallet(owner).writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'addReceiver', args: [r] }),
    });
  }
  await runOp(s.db, 'community.rule', ['member']);
});
afterAll(async () => {
  await s.close();
  await net.stop();
});

/** A signed multipart upload as the app sends it: the string fields signed, the file parts not. */
async function upload(who: { address: string }, files: { name: string; bytes: Uint8Array; type?: string; field?: string }[]): Promise<Reply> {
  const fields: Record<string, string> = {
    ust: String(Math.floor(s.clock.now().getTime() / 1000)),
    language: 'en',
    address: who.address,
    guid: s.sessions.get(who.address)!,
  };
  fields.sign = signEnvelope(fields, API_KEY);
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const f of files) form.append(f.field ?? 'photo', new Blob([f.bytes as BlobPart], { type: f.type ?? 'image/jpeg' }), f.name);
  const res = await s.app.request('/api/v1/communityapi/uploadPhoto', { method: 'POST', body: form });
  return (await res.json()) as Reply;
}

const photo = (seed: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: seed, g: 80, b: 160 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'SECRET-LOCATION-MARKER', ImageDescription: 'office' } })
    .toBuffer();

async function threePhotos(who: { address: string }) {
  const ids: string[] = [];
  for (const seed of [10, 20, 30]) {
    const reply = await upload(who, [{ name: `office-${seed}.jpg`, bytes: await photo(seed) }]);
    expect(reply.status).toBe(1);
    ids.push(String(reply.data.photo_id));
  }
  return ids.join(',');
}

/** A WLD payment from `who`, mined. */
async function pay(who: typeof alice, to: Address, amount = AMOUNT): Promise<Hash> {
  const hash = await wallet(who).writeContract({ address: LOCAL_TOKEN, abi: wldTokenAbi, functionName: 'transfer', args: [to, amount] });
  await client().waitForTransactionReceipt({ hash });
  return hash;
}

const form = (photos: string, pay_hash: string, extra: Record<string, string> = {}) => ({
  receiver,
  pay_hash,
  community_address: LOCAL_TOKEN,
  province: '44',
  city: '4403',
  photos,
  ...extra,
});

describe('office photos', () => {
  it('re-encodes a JPEG without its EXIF and stores it in the database', async () => {
    const original = await photo(1);
    expect(original.includes('SECRET-LOCATION-MARKER')).toBe(true);
    const reply = await upload(alice, [{ name: 'office.jpg', bytes: original }]);
    expect(reply).toMatchObject({ status: 1, data: { width: '64', height: '48' } });
    const stored = (await readPhoto(s.db, String(reply.data.photo_id)))!.jpeg;
    expect(stored.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(stored.includes('SECRET-LOCATION-MARKER')).toBe(false);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
  });

  it('accepts PNG and WebP by content, whatever the name says', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#fff' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    expect((await upload(alice, [{ name: 'a.txt', bytes: png, type: 'text/plain' }])).status).toBe(1);
    expect((await upload(alice, [{ name: 'b.gif', bytes: webp }])).status).toBe(1);
  });

  it('refuses another type named .jpg, a fake header, more than 5 MB, and anything but one photo part', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expect((await upload(alice, [{ name: 'x.jpg', bytes: gif }])).info).toBe('Only JPEG, PNG or WebP images are accepted');
    expect((await upload(alice, [{ name: 'x.jpg', bytes: Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2, 3]) }])).info).toBe(
      'Only JPEG, PNG or WebP images are accepted',
    );
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
    big.set([0xff, 0xd8, 0xff]);
    expect((await upload(alice, [{ name: 'big.jpg', bytes: big }])).info).toMatch(/5 MB|5MB/);
    const small = await photo(2);
    expect(
      (
        await upload(alice, [
          { name: 'a.jpg', bytes: small },
          { name: 'b.jpg', bytes: small },
        ])
      ).info,
    ).toBe('Invalid field: photo');
    expect((await upload(alice, [{ name: 'a.jpg', bytes: small, field: 'image' }])).info).toBe('Invalid field: image');
    expect((await upload(alice, [])).info).toBe('Invalid field: photo');
  });
});

describe('applications', () => {
  it('follows the operator rule for who may apply, in getUserInfo and in apply', async () => {
    await runOp(s.db, 'community.rule', ['valid']);
    expect((await s.call('userapi/getUserInfo', carol)).data).toMatchObject({ can_apply: '0' });
    expect((await s.call('communityapi/getApplyInfo', carol)).data).toMatchObject({ can_apply: '0', rule: 'valid', amount: AMOUNT.toString() });
    const refused = await s.call('communityapi/apply', carol, form(await threePhotos(carol), `0x${'ab'.repeat(32)}`));
    expect(refused.info).toBe('Conditions not met');
    await runOp(s.db, 'community.rule', ['member']);
    expect((await s.call('userapi/getUserInfo', carol)).data).toMatchObject({ can_apply: '1' });
  });

  it('refuses a payment that is missing, to a non-receiver, of the wrong amount or from someone else', async () => {
    const photos = await threePhotos(bob);
    expect((await s.call('communityapi/apply', bob, form(photos, `0x${'12'.repeat(32)}`))).info).toBe('The payment transaction was not found on chain');
    const toStranger = await pay(bob, anvilAccount(6).address);
    expect((await s.call('communityapi/apply', bob, form(photos, toStranger, { receiver: anvilAccount(6).address }))).info).toBe(
      "This address is not one of the contract's receiving addresses",
    );
    expect((await s.call('communityapi/apply', bob, form(photos, toStranger))).info).toMatch(/does not match/);
    const short = await pay(bob, receiver, AMOUNT - 1n);
    expect((await s.call('communityapi/apply', bob, form(photos, short))).info).toMatch(/does not match/);
    const alicePaid = await pay(alice, receiver);
    expect((await s.call('communityapi/apply', bob, form(photos, alicePaid))).info).toMatch(/does not match/);
  });

  it("refuses photos that are not three of the member's own, a city of another province and a token that is not an ERC20", async () => {
    const hash = await pay(carol, receiver);
    const mine = (await threePhotos(carol)).split(',');
    const bobs = (await threePhotos(bob)).split(',');
    const tooFew = `${mine[0]},${mine[1]},${mine[1]}`;
    expect((await s.call('communityapi/apply', carol, form(tooFew, hash))).info).toBe('Please upload 3 office photos');
    expect((await s.call('communityapi/apply', carol, form(`${mine[0]},${mine[1]},${bobs[0]}`, hash))).info).toBe('Please upload 3 office photos');
    expect((await s.call('communityapi/apply', carol, form(mine.join(','), hash, { province: '33' }))).info).toBe('Invalid field: city');
    expect((await s.call('communityapi/apply', carol, form(mine.join(','), hash, { community_address: receiver }))).info).toBe(
      'The community address is not an ERC20 contract',
    );
  });

  it('accepts a payment once it is N blocks deep, as the indexer counts, and refuses it one block earlier', async () => {
    const hash = await pay(carol, receiver);
    const { blockNumber } = await client().getTransactionReceipt({ hash });
    const photos = await threePhotos(carol);
    payments.confirmations = 3;
    try {
      await net.mineTo(blockNumber + 2n);
      expect((await s.call('communityapi/apply', carol, form(photos, hash))).info).toBe(
        'The payment has fewer than 3 confirmations yet, please submit again shortly',
      );
      expect((await s.call('communityapi/apply', carol, form(photos, hash), { language: 'zh' })).info).toBe('付款尚未达到 3 个确认，请稍后再提交');
      expect((await s.call('communityapi/getApplyStatus', carol)).data).toMatchObject({ status: 'none' });
      await net.mineTo(blockNumber + 3n);
      expect((await s.call('communityapi/apply', carol, form(photos, hash))).info).toBe('Success');
    } finally {
      payments.confirmations = 0;
    }
  });

  it('accepts a verified payment once, shows the status, and approval makes the member a founder', async () => {
    expect((await s.call('communityapi/getApplyStatus', alice)).data).toMatchObject({ status: 'none' });
    const hash = await pay(alice, receiver);
    const photos = await threePhotos(alice);
    const accepted = await s.call('communityapi/apply', alice, form(photos, hash.toUpperCase().replace('0X', '0x')));
    expect(accepted.info).toBe('Success');
    expect((await s.call('communityapi/getApplyStatus', alice)).data).toMatchObject({
      status: 'pending',
      receiver,
      amount: AMOUNT.toString(),
      pay_hash: hash,
      community_address: LOCAL_TOKEN,
      province: 'Guangdong',
      city: 'Shenzhen',
    });
    // In the member's language, as the pickers named them: pinyin in English, Chinese in Chinese.
    expect((await s.call('communityapi/getApplyStatus', alice, {}, { language: 'zh' })).data).toMatchObject({ province: '广东省', city: '深圳市' });
    expect((await s.call('communityapi/apply', alice, form(photos, hash))).info).toBe('You already have an application under review or approved');
    // The same transaction for another member: used once, ever.
    expect((await s.call('communityapi/apply', bob, form(await threePhotos(bob), hash))).info).toBe('This payment transaction has already been used');

    const [listed] = (await runOp(s.db, 'applications.list', ['pending'])) as { id: string; pay_from: string; photos: string[] }[];
    expect(listed).toMatchObject({ id: String(accepted.data.id), pay_from: alice.address });
    expect(listed!.photos).toHaveLength(3);
    for (const id of listed!.photos) expect((await readPhoto(s.db, id))?.width).toBe(64);
    await runOp(s.db, 'application.approve', [listed!.id]);
    await expect(runOp(s.db, 'application.approve', [listed!.id])).rejects.toThrow(/not pending/);
    expect((await s.call('communityapi/getApplyStatus', alice)).data).toMatchObject({ status: 'approved' });
    expect((await s.call('userapi/getUserInfo', alice)).data).toMatchObject({ identity_lv: '10', can_apply: '0' });
    expect((await s.call('communityapi/apply', alice, form(photos, await pay(alice, receiver)))).info).toBe('Conditions not met');
  });

  it('a rejected application carries its reason and the member may apply again', async () => {
    const first = await s.call('communityapi/apply', bob, form(await threePhotos(bob), await pay(bob, receiver)));
    expect(first.info).toBe('Success');
    await runOp(s.db, 'application.reject', [String(first.data.id), 'photos', 'unclear']);
    expect((await s.call('communityapi/getApplyStatus', bob)).data).toMatchObject({ status: 'rejected', reason: 'photos unclear' });
    expect((await s.call('userapi/getUserInfo', bob)).data).toMatchObject({ identity_lv: '0' });
    const again = await s.call('communityapi/apply', bob, form(await threePhotos(bob), await pay(bob, receiver)));
    expect(again.status).toBe(1);
  });
});

describe('paying once', () => {
  const balance = (who: Address) => client().readContract({ address: LOCAL_TOKEN, abi: wldTokenAbi, functionName: 'balanceOf', args: [who] });
  const draft = (photos: string, extra: Record<string, string> = {}) => {
    const { pay_hash: _, ...rest } = form(photos, '', extra);
    return rest;
  };

  it("checkApply refuses, with apply's own message, everything apply refuses but the payment, and nothing is paid", async () => {
    const before = await balance(dave.address);
    const mine = await threePhotos(dave);
    const others = (await threePhotos(erin)).split(',');
    const same: string[] = [];
    for (const name of ['a.jpg', 'b.jpg', 'c.jpg']) same.push(String((await upload(dave, [{ name, bytes: await photo(40) }])).data.photo_id));
    const unpaid = `0x${'cd'.repeat(32)}`;
    const cases: [Record<string, string>, string][] = [
      [{ community_address: receiver }, 'The community address is not an ERC20 contract'],
      [{ province: '33' }, 'Invalid field: city'],
      [{ photos: `${mine.split(',')[0]},${mine.split(',')[1]},${others[0]}` }, 'Please upload 3 office photos'],
      [{ photos: same.join(',') }, 'The 3 office photos must be different pictures: please upload 3 different photos'],
      [{ photos: `${mine.split(',')[0]},${same[0]},${same[1]}` }, 'The 3 office photos must be different pictures: please upload 3 different photos'],
      [{ receiver: anvilAccount(6).address }, "This address is not one of the contract's receiving addresses"],
    ];
    for (const [extra, message] of cases) {
      expect((await s.call('communityapi/checkApply', dave, draft(mine, extra))).info).toBe(message);
      expect((await s.call('communityapi/apply', dave, form(mine, unpaid, extra))).info).toBe(message);
    }
    await runOp(s.db, 'community.rule', ['valid']);
    try {
      expect((await s.call('communityapi/checkApply', dave, draft(mine))).info).toBe('Conditions not met');
      expect((await s.call('communityapi/apply', dave, form(mine, unpaid))).info).toBe('Conditions not met');
    } finally {
      await runOp(s.db, 'community.rule', ['member']);
    }
    // All checks pass and no payment of dave's exists: the app is told to pay.
    expect((await s.call('communityapi/checkApply', dave, draft(mine))).data).toEqual({ amount: AMOUNT.toString(), pay_hash: '', receiver: '' });
    expect(await balance(dave.address)).toBe(before);

    expect((await s.call('communityapi/apply', dave, form(mine, await pay(dave, receiver)))).info).toBe('Success');
    expect((await s.call('communityapi/checkApply', dave, draft(mine))).info).toBe('You already have an application under review or approved');
  });

  it('a member refused after paying finds that payment after a reload and applies with it, to whichever receiver, paying once', async () => {
    const before = await balance(erin.address);
    const photos = await threePhotos(erin);
    const hash = await pay(erin, receiver);
    expect((await s.call('communityapi/apply', erin, form(photos, hash, { community_address: receiver }))).info).toBe(
      'The community address is not an ERC20 contract',
    );
    // A reload: the form starts from getApplyInfo, which names the payment; then another receiving address is picked.
    expect((await s.call('communityapi/getApplyInfo', erin)).data).toMatchObject({ paid_hash: hash, paid_receiver: receiver });
    const checked = await s.call('communityapi/checkApply', erin, draft(photos, { receiver: otherReceiver }));
    expect(checked.data).toEqual({ amount: AMOUNT.toString(), pay_hash: hash, receiver });
    const accepted = await s.call('communityapi/apply', erin, form(photos, String(checked.data.pay_hash), { receiver: String(checked.data.receiver) }));
    expect(accepted.info).toBe('Success');
    expect(await balance(erin.address)).toBe(before - AMOUNT);
    expect((await s.call('communityapi/getApplyStatus', erin)).data).toMatchObject({ status: 'pending', pay_hash: hash, receiver });
  });

  it('the operator sees the transfers to a receiving address that no application carries, with the member who sent them', async () => {
    const erinId = String((await s.call('communityapi/getApplyStatus', erin)).data.id);
    await runOp(s.db, 'application.reject', [erinId, 'test']);
    const stray = await pay(erin, otherReceiver);
    const wrongAmount = await pay(erin, receiver, AMOUNT / 2n);
    const unmatched = (await runOp(s.db, 'community.payments.unmatched', [], s.clock, payments)) as {
      pay_hash: string;
      from: string;
      user_id: string;
      receiver: string;
      amount: string;
    }[];
    const user_id = String(((await runOp(s.db, 'user.find', [erin.address])) as { id: number }).id);
    expect(unmatched).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pay_hash: stray, from: erin.address, user_id, receiver: otherReceiver, amount: AMOUNT.toString() }),
        expect.objectContaining({ pay_hash: wrongAmount, from: erin.address, user_id, receiver, amount: (AMOUNT / 2n).toString() }),
      ]),
    );
    // Payments an application carries are not listed; the stray one is, until the member applies with it.
    const used = (await runOp(s.db, 'applications.list', [])) as { pay_hash: string }[];
    expect(unmatched.filter((p) => used.some((a) => a.pay_hash === p.pay_hash))).toEqual([]);
    const photos = await threePhotos(erin);
    const checked = await s.call('communityapi/checkApply', erin, draft(photos));
    expect(checked.data).toMatchObject({ pay_hash: stray, receiver: otherReceiver });
    expect((await s.call('communityapi/apply', erin, form(photos, stray, { receiver: otherReceiver }))).info).toBe('Success');
    const after = (await runOp(s.db, 'community.payments.unmatched', [], s.clock, payments)) as { pay_hash: string }[];
    expect(after.map((p) => p.pay_hash)).not.toContain(stray);
    await expect(runOp(s.db, 'community.payments.unmatched', [], s.clock)).rejects.toThrow(/no chain is configured/);
  });
});
