/**
 * The closed vocabularies of SPEC §3, shared by the schema, the API parsers and the pages.
 */
export const LOCALES = ['en', 'es', 'de-DE', 'fr-FR', 'ja-JP', 'ko-KR', 'pt-BR', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const LAYOUTS = ['grid', 'player', 'live', 'featured', 'embed-only'] as const;
export type Layout = (typeof LAYOUTS)[number];

/** 'standard' is the light theme (SPEC §3 defaults). */
export const THEMES = ['standard', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** privacy.view of a showcase: anybody, password, and the others (team, unlisted, nobody). */
export const SHOWCASE_PRIVACY = ['anybody', 'password', 'team', 'unlisted', 'nobody'] as const;
export type ShowcasePrivacy = (typeof SHOWCASE_PRIVACY)[number];

export const VIDEO_PRIVACY = ['anybody', 'unlisted', 'password', 'nobody', 'stock'] as const;
export type VideoPrivacy = (typeof VIDEO_PRIVACY)[number];

export const VIDEO_TYPES = ['video', 'live', 'stock'] as const;
export const DISPLAY_TYPES = ['normal', 'CLIP_PLACEHOLDER'] as const;
export const VIDEO_STATUSES = ['processing', 'ready', 'error'] as const;

/** Content ratings (SPEC §3): safe, unrated, explicit; "mature" videos are the explicit ones. */
export const CONTENT_RATINGS = ['safe', 'unrated', 'explicit'] as const;
export type ContentRating = (typeof CONTENT_RATINGS)[number];
export const RATING_PRESETS = ['everything', 'safest', 'custom'] as const;

export const SORTS = [
  'alphabetical',
  'newest',
  'oldest',
  'likes',
  'plays',
  'comments',
  'arranged',
  'added_first',
  'added_last',
] as const;
export type Sort = (typeof SORTS)[number];

export const DOWNLOAD_QUALITIES = ['source', 'uhd', 'hd', 'sd'] as const;
export type DownloadQuality = (typeof DOWNLOAD_QUALITIES)[number];
export const STORAGE_TIERS = ['hot', 'archive'] as const;

export const LIVE_STATUSES = ['unavailable', 'pending', 'ready', 'streaming', 'done'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];

/** A broadcast is on the air, ended and waiting for its replay, archived as a video, or lost. */
export const LIVE_BROADCAST_STATUSES = ['live', 'ended', 'archived', 'failed'] as const;

export const STOCK_QUALITIES = ['HD', '4K'] as const;

export const TEAM_ROLES = [
  'Owner',
  'Admin',
  'Contributor',
  'Contributor Plus',
  'Uploader',
  'Viewer',
] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const PLAN_TYPES = [
  'advanced',
  'basic',
  'business',
  'enterprise',
  'free',
  'live_business',
  'live_premium',
  'live_pro',
  'plus',
  'pro',
  'pro_unlimited',
  'standard',
  'starter',
] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

const GiB = 1024 ** 3;

/**
 * The largest file one upload may be, by plan: every plan has a ceiling, so no account can fill
 * the server's disk with one file whatever its quota counts. The free tiers count videos, not
 * bytes (SPEC §3), so this is their only limit on size (src/lib/uploadQuota.ts).
 */
export const PLAN_MAX_UPLOAD_BYTES: Readonly<Record<PlanType, number>> = {
  free: 2 * GiB,
  basic: 2 * GiB,
  starter: 5 * GiB,
  plus: 5 * GiB,
  standard: 50 * GiB,
  pro: 50 * GiB,
  advanced: 100 * GiB,
  business: 100 * GiB,
  live_pro: 100 * GiB,
  live_business: 250 * GiB,
  live_premium: 250 * GiB,
  pro_unlimited: 250 * GiB,
  enterprise: 250 * GiB,
};

export const QUOTA_UNITS = ['video_size', 'video_count'] as const;
export type QuotaUnit = (typeof QUOTA_UNITS)[number];
export const PERIODS = ['week', 'month', 'year', 'lifetime'] as const;
export type Period = (typeof PERIODS)[number];

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** Thumbnail sizes of SPEC §9, smallest first. */
export const THUMBNAIL_SIZES = [
  { width: 640, height: 350 },
  { width: 960, height: 525 },
  { width: 1280, height: 700 },
  { width: 1680, height: 945 },
] as const;

export const DEFAULT_BRAND_COLOR = '#00adef';
