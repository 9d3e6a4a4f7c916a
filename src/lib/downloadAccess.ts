/**
 * Who may download a showcase video (SPEC §5, §6): everybody when the album allows
 * downloads and the video's download privacy is on; otherwise only the creator (owner or
 * admin), who is told so. Downloads are a paid feature of the creator's account: on a free
 * or basic plan nobody gets the download modal.
 */
import type { PlanType } from './domain.ts';

export type DownloadAccess = 'everyone' | 'creator-only' | 'none';

/** Plans without the paid capability (SPEC §3 plan types; 'basic' is the free tier). */
const UNPAID_PLANS: readonly string[] = ['free', 'basic'] satisfies PlanType[];

export function hasPaidCapability(plan: string): boolean {
  return !UNPAID_PLANS.includes(plan);
}

export interface DownloadAccessInput {
  albumAllowsDownloads: boolean;
  videoAllowsDownloads: boolean;
  /** membership type of the album owner's account */
  ownerPlan: string;
  viewerIsOwnerOrAdmin: boolean;
}

export function downloadAccess({
  albumAllowsDownloads,
  videoAllowsDownloads,
  ownerPlan,
  viewerIsOwnerOrAdmin,
}: DownloadAccessInput): DownloadAccess {
  if (!hasPaidCapability(ownerPlan)) return 'none';
  if (albumAllowsDownloads && videoAllowsDownloads) return 'everyone';
  return viewerIsOwnerOrAdmin ? 'creator-only' : 'none';
}
