'use client';
import { useTranslations } from 'next-intl';
import { useApiQuery } from '@/components/api/useApiQuery';
import { ApplicationStatus } from '@/components/community/ApplicationStatus';
import { ApplyForm } from '@/components/community/ApplyForm';
import { EmptyState, ScreenFrame } from '@/components/ScreenFrame';
import { endpoints } from '@/lib/api/contract';
import type { ScreenProps } from '@/lib/routes';

/**
 * Apply to found a community: the latest application's status when there is one under review or approved;
 * otherwise the form, when the operator's rule lets this member apply ('Conditions not met' when not).
 */
export default function CommunityCreator({ route }: ScreenProps) {
  const t = useTranslations();
  const status = useApiQuery(endpoints.getApplyStatus, {});
  const info = useApiQuery(endpoints.getApplyInfo, {});
  const application = status.data;
  const open = application && application.status !== 'none' && application.status !== 'rejected';
  return (
    <ScreenFrame title={t(route.title)} showTitle={!route.back}>
      <div data-screen="CommunityCreator" className="space-y-4">
        {!application || !info.data ? (
          <div className="flex justify-center py-12">
            <span className="h-8 w-8 animate-spin rounded-full border-2 border-haze/30 border-t-gold" />
          </div>
        ) : (
          <>
            <p className="text-sm text-haze">{t('community.intro')}</p>
            {application.status !== 'none' && (
              <ApplicationStatus application={application as typeof application & { status: 'pending' | 'approved' | 'rejected' }} />
            )}
            {!open &&
              (info.data.can_apply === '1' ? (
                <ApplyForm info={info.data} />
              ) : (
                <EmptyState title={t('common.conditionsNotMet')} body={t('community.rule.' + info.data.rule)} />
              ))}
          </>
        )}
      </div>
    </ScreenFrame>
  );
}
