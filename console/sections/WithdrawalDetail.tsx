'use client';
import { useTranslations } from 'next-intl';
import { type ReactNode, useState } from 'react';
import { ADDRESS_FORMS } from '../../lib/address-text';
import { consoleEndpoints as api } from '../../lib/console-api/contract';
import { eth, short, utc, wld } from '../lib/format';
import { useConsoleMutation, useConsoleQuery } from '../lib/queries';
import { useSession } from '../lib/session';
import { connectWallet } from '../lib/wallet';
import { ReasonDialog, SubmitDialog } from '../ui/Dialogs';
import { Button, Card, Facts, Mono, QueryState } from '../ui/kit';
import { Table } from '../ui/Table';
import { useToast } from '../ui/Toast';
import { EntryType } from '../ui/EntryType';
import { Flags, PayoutProgress, StatusBadge } from './withdrawal-parts';

/** One withdrawal with the member's context, its approvals, the payout's progress, and approve / reject. */
export function WithdrawalDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const t = useTranslations('withdrawals');
  const tc = useTranslations('common');
  const query = useConsoleQuery(api.withdrawalDetail, { id }, { refetchInterval: 3000 });
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const toast = useToast();
  const reject = useConsoleMutation(api.rejectWithdrawal, [api.withdrawalQueue, api.withdrawalHistory, api.withdrawalDetail], () => toast(t('rejected')));
  return (
    <Card
      title={t('detailTitle', { id })}
      actions={
        <Button tone="plain" onClick={onClose}>
          {tc('close')}
        </Button>
      }
      className="self-start"
    >
      <QueryState query={query}>
        {(w) => (
          <div className="space-y-4" data-withdrawal={w.id}>
            <Facts
              items={[
                [t('amount'), <strong key="a">{wld(w.amount)}</strong>],
                [t('fee'), eth(w.fee)],
                [t('status'), <StatusBadge key="s" status={w.status} />],
                [t('requested'), utc(w.createdAt)],
                [t('approvals'), `${w.approvals.length}/${w.approvalsNeeded}`],
                [t('requestTx'), <Mono key="r">{short(w.requestTx, ADDRESS_FORMS.hash)}</Mono>],
              ]}
            />
            {w.flags.length > 0 && <Flags flags={w.flags} />}
            {w.approvals.length > 0 && (
              <ul className="text-xs text-slate-600">
                {w.approvals.map((a) => (
                  <li key={a.operator + a.at}>{t('approvedBy', { operator: short(a.operator), at: utc(a.at) })}</li>
                ))}
              </ul>
            )}
            <div>
              <h3 className="mb-1 text-xs font-semibold uppercase text-slate-500">{t('payout')}</h3>
              <PayoutProgress payout={w.payout} />
            </div>
            {w.member && (
              <div>
                <h3 className="mb-1 text-xs font-semibold uppercase text-slate-500">{t('memberTitle')}</h3>
                <Facts
                  items={[
                    [t('member'), <Mono key="m">{w.member.address}</Mono>],
                    [t('balance'), wld(w.member.balance)],
                    [t('inviter'), <Mono key="i">{w.member.inviter ?? '—'}</Mono>],
                    [t('accountAge'), w.member.accountAgeDays === null ? '—' : t('days', { n: w.member.accountAgeDays })],
                    [t('founder'), w.member.founder ? tc('yes') : tc('no')],
                  ]}
                />
              </div>
            )}
            <MiniList title={t('ledger')} rows={w.ledger.map((e) => ({ key: e.id, cells: [<EntryType key="t" type={e.type} />, wld(e.amount), utc(e.at)] }))} />
            <MiniList title={t('deposits')} rows={w.deposits.map((d) => ({ key: d.id, cells: [short(d.txHash), wld(d.amount), utc(d.at)] }))} />
            <MiniList
              title={t('stakes')}
              rows={w.stakes.map((s) => ({ key: s.id, cells: [wld(s.amount), t('days', { n: s.days }), tc(`stakeStatuses.${s.status}`), utc(s.startedAt)] }))}
            />
            {w.status === 'under-review' && (
              <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">
                <Button onClick={() => setApproving(true)}>{t('approve')}</Button>
                <Button tone="danger" onClick={() => setRejecting(true)}>
                  {t('reject')}
                </Button>
              </div>
            )}
            <ApproveDialog id={w.id} open={approving} onClose={() => setApproving(false)} />
            <ReasonDialog
              open={rejecting}
              onClose={() => setRejecting(false)}
              title={t('rejectTitle', { id: w.id })}
              confirmLabel={t('reject')}
              onSubmit={(reason) => reject.mutateAsync({ id: w.id, reason })}
            />
          </div>
        )}
      </QueryState>
    </Card>
  );
}

function MiniList({ title, rows }: { title: string; rows: { key: string; cells: ReactNode[] }[] }) {
  return (
    <div>
      <h3 className="mb-1 text-xs font-semibold uppercase text-slate-500">{title}</h3>
      <Table
        columns={(rows[0]?.cells ?? []).map((_, i) => ({ key: String(i), header: '', cell: (r: { cells: ReactNode[] }) => r.cells[i] }))}
        rows={rows}
        rowKey={(r) => r.key}
      />
    </div>
  );
}

/** Approval: the server's readable summary (the withdrawal, the member, the amount, the Vault's request), then this operator's wallet signs its typed data. */
function ApproveDialog({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  const t = useTranslations('withdrawals');
  const toast = useToast();
  const { operator } = useSession();
  const text = useConsoleQuery(api.approvalMessage, { id }, { enabled: open });
  const approve = useConsoleMutation(api.approveWithdrawal, [api.withdrawalQueue, api.withdrawalHistory, api.withdrawalDetail], (r) =>
    toast(r.outcome === 'approved' ? t('approved') : t('recorded', { have: r.approvals.length, need: r.approvalsNeeded })),
  );
  const sign = async () => {
    if (!text.data) return;
    const wallet = await connectWallet();
    if (!wallet) throw new Error(t('noWallet'));
    if (wallet.address.toLowerCase() !== operator?.address.toLowerCase()) throw new Error(t('otherWallet'));
    await approve.mutateAsync({ id, signature: await wallet.signPayout(text.data.typedData) });
  };
  return (
    <SubmitDialog
      open={open}
      onClose={onClose}
      title={t('approveTitle', { id })}
      confirmLabel={t('signAndApprove')}
      busyLabel={t('signing')}
      ready={Boolean(text.data)}
      onSubmit={sign}
    >
      <p className="text-slate-600">{t('approveBody')}</p>
      <QueryState query={text}>
        {(m) => <pre className="whitespace-pre-wrap break-all rounded-md bg-slate-50 p-3 font-mono text-xs text-slate-800">{m.message}</pre>}
      </QueryState>
    </SubmitDialog>
  );
}
