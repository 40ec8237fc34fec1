// What bench:api's load needs in a fresh database: a level with a period, banners, and registered members,
// each signed in (a session, as login opens it) and credited with WLD (a Recharged event, as the indexer records it).
import { randomBytes } from 'node:crypto';
import { parseEther, toHex } from 'viem';
import { type LocalAccount, privateKeyToAccount } from 'viem/accounts';
import { runOp } from '../../server/admin/ops';
import { openSession } from '../../server/auth/sessions';
import { systemClock } from '../../server/clock';
import type { Db } from '../../server/db/client';
import { recordDeposit } from '../../server/ledger/deposits';

export type Member = { account: LocalAccount; guid: string };
export type Seeded = { members: Member[]; levelId: string; periodId: string };

export async function seedBenchData(db: Db, memberCount: number): Promise<Seeded> {
  const level = (await runOp(db, 'level.add', ['100', '10:1'])) as { id: number };
  const levels = (await runOp(db, 'levels.list', [])) as { id: string; infos: { id: string }[] }[];
  const periodId = levels.find((l) => l.id === String(level.id))?.infos[0]?.id;
  if (periodId === undefined) throw new Error('the bench level has no period');
  for (let i = 1; i <= 3; i += 1) {
    await runOp(db, 'banner.add', [`/banners/${i}.png`, '-', 'zh', `横幅 ${i}`, 'en', `Banner ${i}`]);
  }
  const members: Member[] = [];
  for (let i = 0; i < memberCount; i += 1) {
    const account = privateKeyToAccount(toHex(randomBytes(32)));
    await runOp(db, 'root.add', [account.address]);
    const guid = await openSession(db, systemClock, account.address, 24 * 3600);
    await db.transaction((tx) =>
      recordDeposit(
        tx,
        { txHash: toHex(randomBytes(32)), logIndex: 0, blockNumber: i + 1, fee: 0n, address: account.address, amount: parseEther('10000000') },
        systemClock,
      ),
    );
    members.push({ account, guid });
  }
  return { members, levelId: String(level.id), periodId };
}
