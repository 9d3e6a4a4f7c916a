/**
 * The catalogue keys naming the studio's vocabularies (layouts, privacies, sorts, flags,
 * notices, roles…), spelled out so every key can be found and checked in the catalogue.
 */
import type {
  ContentRating,
  Layout,
  LiveStatus,
  ShowcasePrivacy,
  Sort,
  TeamRole,
  Theme,
} from './domain.ts';
import type { Repeat } from './eventForm.ts';
import type { Weekday } from './liveSchedule.ts';
import type { SettingFlag } from './showcaseSettings.ts';
import type { SimulcastError, SimulcastStatus } from './simulcast.ts';
import type { TranslationKey } from './translationKeys.ts';

export const LAYOUT_LABELS: Record<Layout, TranslationKey> = {
  grid: 'studio.layoutGrid',
  player: 'studio.layoutPlayer',
  live: 'studio.layoutLive',
  featured: 'studio.layoutFeatured',
  'embed-only': 'studio.layoutEmbedOnly',
};

export const THEME_LABELS: Record<Theme, TranslationKey> = {
  standard: 'studio.themeStandard',
  dark: 'studio.themeDark',
};

export const SHOWCASE_PRIVACY_LABELS: Record<ShowcasePrivacy, TranslationKey> = {
  anybody: 'studio.privacyAnybody',
  password: 'studio.privacyPassword',
  team: 'studio.privacyTeam',
  unlisted: 'studio.privacyUnlisted',
  nobody: 'studio.privacyNobody',
};

export const SHOWCASE_PRIVACY_HINTS: Record<ShowcasePrivacy, TranslationKey> = {
  anybody: 'studio.privacyHintAnybody',
  password: 'studio.privacyHintPassword',
  team: 'studio.privacyHintTeam',
  unlisted: 'studio.privacyHintUnlisted',
  nobody: 'studio.privacyHintNobody',
};

export const SORT_LABELS: Record<Sort, TranslationKey> = {
  arranged: 'studio.sortArranged',
  alphabetical: 'studio.sortAlphabetical',
  newest: 'studio.sortNewest',
  oldest: 'studio.sortOldest',
  likes: 'studio.sortLikes',
  plays: 'studio.sortPlays',
  comments: 'studio.sortComments',
  added_first: 'studio.sortAddedFirst',
  added_last: 'studio.sortAddedLast',
};

export const FLAG_LABELS: Record<SettingFlag, TranslationKey> = {
  hideNav: 'studio.hideNav',
  hideUpcoming: 'studio.flagHideUpcoming',
  allowDownloads: 'studio.flagAllowDownloads',
  allowShare: 'studio.flagAllowShare',
  allowContinuousPlay: 'studio.flagAllowContinuousPlay',
  autoplay: 'studio.flagAutoplay',
};

export const VIDEO_STATUS_LABELS: Record<string, TranslationKey> = {
  processing: 'studio.statusProcessing',
  error: 'studio.statusError',
  ready: 'studio.statusReady',
};

export const ROLE_LABELS: Record<TeamRole, TranslationKey> = {
  Owner: 'team.roleOwner',
  Admin: 'team.roleAdmin',
  Contributor: 'team.roleContributor',
  'Contributor Plus': 'team.roleContributorPlus',
  Uploader: 'team.roleUploader',
  Viewer: 'team.roleViewer',
};

export const REPEAT_LABELS: Record<Repeat, TranslationKey> = {
  SINGLE: 'events.repeatSingle',
  WEEKLY: 'events.repeatWeekly',
  MONTHLY: 'events.repeatMonthly',
  YEARLY: 'events.repeatYearly',
};

export const WEEKDAY_LABELS: Record<Weekday, TranslationKey> = {
  MO: 'events.dayMo',
  TU: 'events.dayTu',
  WE: 'events.dayWe',
  TH: 'events.dayTh',
  FR: 'events.dayFr',
  SA: 'events.daySa',
  SU: 'events.daySu',
};

export const LIVE_STATUS_LABELS: Record<LiveStatus, TranslationKey> = {
  unavailable: 'events.statusUnavailable',
  pending: 'events.statusPending',
  ready: 'events.statusReady',
  streaming: 'events.statusStreaming',
  done: 'events.statusDone',
};

export const SIMULCAST_STATUS_LABELS: Record<SimulcastStatus, TranslationKey> = {
  idle: 'golive.simulcastIdle',
  connecting: 'golive.simulcastConnecting',
  live: 'golive.simulcastLive',
  retrying: 'golive.simulcastRetrying',
  stopped: 'golive.simulcastStopped',
};

export const SIMULCAST_ERROR_LABELS: Record<SimulcastError, TranslationKey> = {
  nameRequired: 'golive.simulcastNameRequired',
  nameTooLong: 'golive.simulcastNameTooLong',
  urlRequired: 'golive.simulcastUrlRequired',
  urlTooLong: 'golive.simulcastUrlTooLong',
  urlScheme: 'golive.simulcastUrlScheme',
  keyRequired: 'golive.simulcastKeyRequired',
  keyTooLong: 'golive.simulcastKeyTooLong',
};

export const RATING_LABELS: Record<ContentRating, TranslationKey> = {
  safe: 'library.ratingSafe',
  unrated: 'library.ratingUnrated',
  explicit: 'library.ratingExplicit',
};
