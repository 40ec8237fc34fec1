'use client';
import { PendingScreen } from './PendingScreen';
import type { ScreenProps } from '@/lib/routes';

export default function EmailReply(props: ScreenProps) {
  return <PendingScreen {...props} />;
}
