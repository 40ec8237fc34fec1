import { indexedBlock } from '../../chain/cursor';
import { stakingLastRun } from '../../jobs/last-run';
import { ledgerCheck } from '../../ledger/checks';
import { lastAudit } from '../../operators/audit';
import { auditChainHealth } from '../../operators/audit-chain';
import { outboxHealth } from '../../reminders/health';
import * as views from '../../views/console';
import { iso, section } from './handler';

/** The daily job, the indexer against the chain head, payouts, mail, the audit log's chain and the ledger check (run on demand). */
export const healthHandlers = section({
  health: async ({ deps }) => {
    const facts = { ...(await views.healthFacts(deps.db)), indexedBlock: await indexedBlock(deps.db) };
    const head = deps.payments ? await deps.payments.client.getBlockNumber({ cacheTime: 0 }).catch(() => undefined) : undefined;
    const check = await lastAudit(deps.db, 'ledgerCheck');
    const lastRun = await stakingLastRun(deps.db);
    const outbox = await outboxHealth(deps.db);
    const result = check?.after as { ok?: boolean; mismatches?: unknown[] } | null | undefined;
    return {
      dailyJob: lastRun
        ? { lastRunAt: lastRun.at, durationMs: lastRun.durationMs, ok: lastRun.ok }
        : { lastRunAt: iso(facts.jobRanAt), durationMs: null, ok: facts.jobRanAt ? true : null },
      indexer: {
        block: facts.indexedBlock === null ? null : String(facts.indexedBlock),
        chainHead: head === undefined ? null : head.toString(),
        behind: head === undefined || facts.indexedBlock === null ? null : (head - BigInt(facts.indexedBlock)).toString(),
      },
      payouts: facts.payouts,
      mail: {
        awaitingReply: facts.mailAwaiting,
        emailConfigured: Boolean(deps.config.smtp),
        lastEmailError: outbox.lastError,
        emailsQueued: outbox.queued,
        emailsFailed: outbox.failed,
        lastEmailSentAt: iso(outbox.lastSentAt),
      },
      ledger: { checkedAt: iso(check?.at), ok: result?.ok ?? null, mismatches: result?.mismatches?.length ?? null },
      auditChain: await auditChainHealth(deps.db, deps.clock.now().getTime()),
    };
  },
  ledgerCheck: async ({ deps, audit }) => {
    const r = await ledgerCheck(deps.db);
    const members = await Promise.all(r.balanceMismatches.map(async (m) => ({ userId: m.userId, balance: m.balance, entries: m.entries })));
    const mismatches = members.map((m) => ({ address: `user:${m.userId}`, balance: m.balance, entries: m.entries }));
    const ok = mismatches.length === 0 && r.heldMismatches.length === 0;
    const reply = { ok, checkedAt: deps.clock.now().toISOString(), mismatches };
    audit({ target: 'ledger', after: { ok, mismatches, heldMismatches: r.heldMismatches, heldNow: r.heldNow } });
    return reply;
  },
});
