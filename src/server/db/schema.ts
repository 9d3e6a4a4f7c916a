/**
 * The whole domain of SPEC §3 in one schema. Column names follow SPEC's words in snake_case;
 * enumerations are text columns checked by Postgres so PGlite and PostgreSQL agree exactly.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  CONTENT_RATINGS,
  DISPLAY_TYPES,
  DOWNLOAD_QUALITIES,
  JOB_STATUSES,
  LAYOUTS,
  LIVE_BROADCAST_STATUSES,
  LIVE_STATUSES,
  PERIODS,
  PLAN_TYPES,
  QUOTA_UNITS,
  RATING_PRESETS,
  SHOWCASE_PRIVACY,
  SORTS,
  STORAGE_TIERS,
  STOCK_QUALITIES,
  TEAM_ROLES,
  THEMES,
  VIDEO_PRIVACY,
  VIDEO_STATUSES,
  VIDEO_TYPES,
} from '../../lib/domain.ts';
import { CHAT_AUDIENCES } from '../../lib/chatWire.ts';
import { API_SCOPES } from '../../lib/apiScopes.ts';
import { SOURCE_KINDS } from '../../lib/playCounting.ts';

import { SIMULCAST_STATUSES } from '../../lib/simulcast.ts';
import type { CustomLogo } from '../../lib/customLogo.ts';
import type { StreamHealth } from '../../lib/streamHealth.ts';

const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    pictureLink: text('picture_link'),
    membershipType: text('membership_type').notNull().default('free'),
    locale: text('locale'),
    /** Country (ISO 3166-1) and subdivision the account is registered in: decides legal regimes. */
    country: text('country'),
    region: text('region'),
    hasLivePremium: boolean('has_live_premium').notNull().default(false),
    hasEnterprise: boolean('has_enterprise').notNull().default(false),
    hasTotalStorageCap: boolean('has_total_storage_cap').notNull().default(false),
    hasMonthlyBilling: boolean('has_monthly_billing').notNull().default(false),
    hasStockEnterprise: boolean('has_stock_enterprise').notNull().default(false),
    canReceiveFreeStock: boolean('can_receive_free_stock').notNull().default(false),
    /** Upload quota (SPEC §3 "Upload quota"): the unit and the limits of each period. */
    quotaUnit: text('quota_unit').notNull().default('video_size'),
    quotaPeriod: text('quota_period').notNull().default('week'),
    quotaPeriodicMax: bigint('quota_periodic_max', { mode: 'number' }),
    quotaLifetimeMax: bigint('quota_lifetime_max', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    check('users_membership_type', oneOf('membership_type', PLAN_TYPES)),
    check('users_quota_unit', oneOf('quota_unit', QUOTA_UNITS)),
    check('users_quota_period', oneOf('quota_period', PERIODS)),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie value: a stolen table does not yield live cookies. */
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    xsrfToken: text('xsrf_token').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const teams = pgTable('teams', {
  id: serial('id').primaryKey(),
  ownerId: integer('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** team_data.team_showcase_id: the showcase whose privacy is this team. */
  teamShowcaseId: integer('team_showcase_id'),
  createdAt: createdAt(),
});

export const teamMemberships = pgTable(
  'team_memberships',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    check('team_memberships_role', oneOf('role', TEAM_ROLES)),
  ],
);

/** One OpenID Connect connection of a team (SPEC §2 "/auth0/connect … exactly one connection"). */
export const ssoConnections = pgTable('sso_connections', {
  id: serial('id').primaryKey(),
  teamId: integer('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecret: text('client_secret').notNull(),
  createdAt: createdAt(),
});

export const showcases = pgTable(
  'showcases',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    layout: text('layout').notNull().default('grid'),
    theme: text('theme').notNull().default('standard'),
    brandColor: text('brand_color').notNull().default('#00adef'),
    webBrandColor: text('web_brand_color'),
    /** { active, baseLink, sizes } or null (SPEC §3 default). */
    customLogo: jsonb('custom_logo').$type<CustomLogo | null>(),
    webCustomLogo: jsonb('web_custom_logo').$type<CustomLogo | null>(),
    domain: text('domain'),
    privacyView: text('privacy_view').notNull().default('anybody'),
    /** argon2id hash of the showcase password; checked on the server only (SPEC §5). */
    passwordHash: text('password_hash'),
    /** Bumped on every password change so earlier hashed_pass proofs stop working. */
    passwordVersion: integer('password_version').notNull().default(0),
    unlistedHash: text('unlisted_hash'),
    hideNav: boolean('hide_nav').notNull().default(false),
    hideUpcoming: boolean('hide_upcoming').notNull().default(false),
    sort: text('sort').notNull().default('arranged'),
    allowDownloads: boolean('allow_downloads').notNull().default(false),
    allowShare: boolean('allow_share').notNull().default(true),
    allowContinuousPlay: boolean('allow_continuous_play').notNull().default(false),
    autoplay: boolean('autoplay').notNull().default(false),
    /** Embed settings passed to the player frame (colour, title, byline…). */
    embed: jsonb('embed').$type<Record<string, string | number | boolean>>().notNull().default({}),
    thumbnailVideoId: integer('thumbnail_video_id'),
    /** The featured layout's featured video; the first in the showcase's order when null or gone. */
    featuredVideoId: integer('featured_video_id'),
    hasChosenThumbnail: boolean('has_chosen_thumbnail').notNull().default(false),
    /** Hosts allowed to frame the showcase's embeds (src/lib/embedDomains.ts); empty: anywhere. */
    embedDomains: text('embed_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Videos a viewer may see in the showcase (showcaseQueries.ts visibleInShowcase), and
     * those of them rated explicit or unrated: kept by triggers (migration 0008_search_paging)
     * on every change of membership, status, privacy or rating, so totals and the age gate
     * never count rows.
     */
    videoCount: integer('video_count').notNull().default(0),
    restrictedVideoCount: integer('restricted_video_count').notNull().default(0),
    /**
     * Bumped by the same triggers whenever a membership is made, ended, moved or shown or
     * hidden: a showcase's order read at one version is its order until the next
     * (src/server/showcases/orderDirectory.ts).
     */
    orderVersion: integer('order_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('showcases_domain_key').on(sql`lower(${t.domain})`),
    index('showcases_owner_idx').on(t.ownerId),
    check('showcases_layout', oneOf('layout', LAYOUTS)),
    check('showcases_theme', oneOf('theme', THEMES)),
    check('showcases_privacy_view', oneOf('privacy_view', SHOWCASE_PRIVACY)),
    check('showcases_sort', oneOf('sort', SORTS)),
    check('showcases_brand_color', sql`brand_color ~ '^#[0-9a-fA-F]{6}$'`),
  ],
);

/**
 * The library's folders (Vimeo's "projects"): an account's own way to file its videos, seen
 * only in the studio and the API. Folders nest; moves that would make a cycle are refused
 * in src/lib/folderTree.ts. A video is in at most one (videos.folder_id).
 */
export const folders = pgTable(
  'folders',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => folders.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('folders_owner_idx').on(t.ownerId), index('folders_parent_idx').on(t.parentId)],
);

export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who uploaded it: the owner, or a team member working in the owner's account. */
    uploaderId: integer('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Seconds. */
    duration: integer('duration').notNull().default(0),
    width: integer('width'),
    height: integer('height'),
    type: text('type').notNull().default('video'),
    isFree: boolean('is_free').notNull().default(false),
    displayType: text('display_type').notNull().default('normal'),
    privacyView: text('privacy_view').notNull().default('anybody'),
    privacyDownload: boolean('privacy_download').notNull().default(false),
    passwordHash: text('password_hash'),
    contentRating: text('content_rating').notNull().default('safe'),
    status: text('status').notNull().default('ready'),
    errorMessage: text('error_message'),
    plays: integer('plays').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    /**
     * Title and description as search compares them, folded by vitrine_search_fold() (lower
     * case, accents stripped, NFKC; migration 0001_search_index): stored, so a search reads
     * it instead of folding every row.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`vitrine_search_fold(name || ' ' || description)`,
    ),
    /** The title alone, folded alike: a title match ranks before a description match. */
    searchName: text('search_name').generatedAlwaysAs(sql`vitrine_search_fold(name)`),
    /** The library folder it is filed in; none when null or when the folder is deleted. */
    folderId: integer('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    /** Which cut of the video is current: 1 at upload, one more at each replaced source. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('videos_owner_idx').on(t.ownerId),
    index('videos_folder_idx').on(t.folderId),
    // Showcase search (src/server/search/): trigram matching of the folded text. Trigrams
    // need no word splitting, so Japanese, Korean and Chinese text is searched like any other.
    // GiST rather than GIN: the planner prices a GIN scan above reading every row, and then
    // computes word_similarity() on each; GiST is priced by the few rows it finds. The long
    // signature keeps inner pages selective for a title and a description's trigrams.
    index('videos_search_idx').using('gist', sql`${t.searchText} gist_trgm_ops(siglen=256)`),
    // The few live videos, for the playable total of a showcase (showcaseQueries.ts).
    index('videos_live_idx')
      .on(t.id)
      .where(sql`type = 'live'`),
    check('videos_type', oneOf('type', VIDEO_TYPES)),
    check('videos_display_type', oneOf('display_type', DISPLAY_TYPES)),
    check('videos_privacy_view', oneOf('privacy_view', VIDEO_PRIVACY)),
    check('videos_content_rating', oneOf('content_rating', CONTENT_RATINGS)),
    check('videos_status', oneOf('status', VIDEO_STATUSES)),
  ],
);

/** Every stored file of a video: renditions, HLS, source (SPEC §3 "Download config"). */
export const videoFiles = pgTable(
  'video_files',
  {
    id: serial('id').primaryKey(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    quality: text('quality').notNull(),
    /** 'video/mp4', 'application/vnd.apple.mpegurl'… */
    mime: text('mime').notNull(),
    width: integer('width'),
    height: integer('height'),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    storageKey: text('storage_key').notNull(),
    tier: text('tier').notNull().default('hot'),
    lastAccessedAt: timestamp('last_accessed_at', { withTimezone: true }).notNull().defaultNow(),
    defrostRequestedAt: timestamp('defrost_requested_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('video_files_video_idx').on(t.videoId),
    check('video_files_quality', oneOf('quality', [...DOWNLOAD_QUALITIES, 'hls'])),
    check('video_files_tier', oneOf('tier', STORAGE_TIERS)),
  ],
);

/** Thumbnails (pictures.sizes[]): 640x350, 960x525, 1280x700, 1680x945 (SPEC §9). */
export const videoPictures = pgTable(
  'video_pictures',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    storageKey: text('storage_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.width] })],
);

export const textTracks = pgTable('text_tracks', {
  id: serial('id').primaryKey(),
  videoId: integer('video_id')
    .notNull()
    .references(() => videos.id, { onDelete: 'cascade' }),
  language: text('language').notNull(),
  displayName: text('display_name').notNull(),
  storageKey: text('storage_key').notNull(),
});

/** Showcase–video membership and manual order ("arranged" sort). */
export const showcaseVideos = pgTable(
  'showcase_videos',
  {
    showcaseId: integer('showcase_id')
      .notNull()
      .references(() => showcases.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The video shows in the showcase (showcaseQueries.ts visibleInShowcase), copied from the
     * video by the triggers of migration 0008_search_paging: the arranged and added orders
     * page over the two indexes below alone, never reading the videos they skip.
     */
    shown: boolean('shown').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.showcaseId, t.videoId] }),
    index('showcase_videos_order_idx').on(t.showcaseId, t.position),
    index('showcase_videos_shown_position_idx')
      .on(t.showcaseId, t.position, t.videoId)
      .where(sql`shown`),
    index('showcase_videos_shown_added_idx')
      .on(t.showcaseId, t.addedAt, t.position, t.videoId)
      .where(sql`shown`),
    // A video's showcases: deleting a video, and keeping showcases.video_count when it changes.
    index('showcase_videos_video_idx').on(t.videoId),
  ],
);

/** The chat of a live event (live_events.chat_room_id): open or closed, and who may post. */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: serial('id').primaryKey(),
    chatEnabled: boolean('chat_enabled').notNull().default(true),
    /** 'everyone' signed in, or 'members': the event's owner and the owner's team only. */
    audience: text('audience').notNull().default('everyone'),
    createdAt: createdAt(),
  },
  () => [check('chat_rooms_audience', oneOf('audience', CHAT_AUDIENCES))],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
    /** The broadcast on the air when it was posted: its replay plays the message back at offset_ms. */
    broadcastId: integer('broadcast_id').references(() => liveBroadcasts.id, {
      onDelete: 'set null',
    }),
    offsetMs: integer('offset_ms'),
    /** Deleted by a moderator: kept for the record, shown to nobody. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('chat_messages_room_idx').on(t.roomId, t.id),
    index('chat_messages_broadcast_idx').on(t.broadcastId, t.offsetMs),
  ],
);

/** Viewers a moderator silenced in one room (for the event, every occurrence). */
export const chatMutes = pgTable(
  'chat_mutes',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedBy: integer('muted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] })],
);

/**
 * Captcha solutions already accepted, kept until their challenge expires, so one solution
 * passes once on every node (src/server/captcha/captcha.ts).
 */
export const spentCaptchas = pgTable('spent_captchas', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The site's signing keys, one row a generation (src/server/secrets.ts, src/lib/keyRing.ts):
 * written once by whichever process comes first, so every node signs and verifies alike. A
 * rotation adds a generation that starts signing at `active_from`.
 */
export const siteSecrets = pgTable(
  'site_secrets',
  {
    name: text('name').notNull(),
    generation: integer('generation').notNull(),
    /** 32 random bytes, base64url. */
    value: text('value').notNull(),
    activeFrom: timestamp('active_from', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.name, table.generation] })],
);

/** The live side of a video of type 'live' (SPEC §3 Video.live and Schedule). */
export const liveEvents = pgTable(
  'live_events',
  {
    videoId: integer('video_id')
      .primaryKey()
      .references(() => videos.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('unavailable'),
    startTime: timestamp('start_time', { withTimezone: true }),
    /** RFC 5545 rule: FREQ=WEEKLY|MONTHLY|YEARLY (single when null), BYDAY, BYMONTHDAY. */
    rrule: text('rrule'),
    /** IANA zone the rule's wall-clock times are read in ("every Thursday at 18:00 in Berlin"). */
    timeZone: text('time_zone').notNull().default('UTC'),
    archivedTime: timestamp('archived_time', { withTimezone: true }),
    chatRoomId: integer('chat_room_id').references(() => chatRooms.id, { onDelete: 'set null' }),
    /** Record each broadcast and make it a replay (PeerTube's saveReplay); off, nothing is kept. */
    saveReplay: boolean('save_replay').notNull().default(true),
    /** The secret an encoder publishes with; the same for every occurrence, null once it can no longer go live. */
    streamKey: text('stream_key').unique(),
    /** Why the last push ended or was refused, for the owner (src/lib/liveIngestError.ts). */
    lastError: text('last_error'),
    /** Set by the node packaging the stream on every published segment; a stale one is ended by any node. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** Process holding the stream (src/lib/workerId.ts), so one encoder per event across nodes. */
    ingestNode: text('ingest_node'),
    /** Show how many watch beside the LIVE badge of the public page (the owner and the API see it always). */
    showViewers: boolean('show_viewers').notNull().default(false),
    /**
     * The push's health as the node holding it measures it, renewed every few seconds while on
     * the air (src/lib/streamHealth.ts), null otherwise; in Redis instead when REDIS_URL is set.
     */
    streamHealth: jsonb('stream_health').$type<StreamHealth>(),
  },
  () => [check('live_events_status', oneOf('status', LIVE_STATUSES))],
);

/**
 * One time an event went on the air: its live HLS and recording live under
 * live/{eventVideoId}/{id}/ in media storage until its replay is archived.
 */
export const liveBroadcasts = pgTable(
  'live_broadcasts',
  {
    id: serial('id').primaryKey(),
    eventVideoId: integer('event_video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    /** The scheduled start this broadcast answers (null for an event without a schedule). */
    occurrenceStart: timestamp('occurrence_start', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    status: text('status').notNull().default('live'),
    /** Recording segments stored so far: what a replay is made of. */
    recordedSegments: integer('recorded_segments').notNull().default(0),
    replayVideoId: integer('replay_video_id').references(() => videos.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('live_broadcasts_status', oneOf('status', LIVE_BROADCAST_STATUSES)),
    index('live_broadcasts_event_idx').on(t.eventVideoId, t.startedAt),
  ],
);

/**
 * Who is watching an event on the air: one row per viewer of the player frame (a random id its
 * tab keeps), renewed by its heartbeat, pruned once silent; in a Redis sorted set instead when
 * REDIS_URL is set (src/server/live/liveViewers.ts). Nothing tells who a viewer is.
 */
export const liveViewers = pgTable(
  'live_viewers',
  {
    eventVideoId: integer('event_video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    viewerId: text('viewer_id').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventVideoId, t.viewerId] }),
    index('live_viewers_seen_idx').on(t.eventVideoId, t.seenAt),
  ],
);

/**
 * Where an event's broadcasts are relayed as they arrive (simulcast). The key is kept sealed
 * (simulcastVault.ts) and never shown again. The relay's status is written by the node holding
 * the broadcast on every change, so any node's studio shows it.
 */
export const simulcastDestinations = pgTable(
  'simulcast_destinations',
  {
    id: serial('id').primaryKey(),
    eventVideoId: integer('event_video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** AES-256-GCM of the stream key: iv, tag and ciphertext, base64url, joined by dots. */
    sealedKey: text('sealed_key').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    status: text('status').notNull().default('idle'),
    /** What the destination last answered when its relay failed, the key blanked out. */
    lastError: text('last_error'),
    statusAt: timestamp('status_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('simulcast_destinations_status', oneOf('status', SIMULCAST_STATUSES)),
    index('simulcast_destinations_event_idx').on(t.eventVideoId),
  ],
);

export const stockClips = pgTable('stock_clips', {
  /** The clip is a video of type 'stock'; its id is the clipId of SPEC §2 "/{clipId}". */
  videoId: integer('video_id')
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' }),
  creatorId: integer('creator_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  currencyCode: text('currency_code').notNull().default('USD'),
  createdAt: createdAt(),
});

/** Purchasable qualities of a clip: HD or 4K (SPEC §9), with format, dimension and codec. */
export const stockClipQualities = pgTable(
  'stock_clip_qualities',
  {
    clipId: integer('clip_id')
      .notNull()
      .references(() => stockClips.videoId, { onDelete: 'cascade' }),
    quality: text('quality').notNull(),
    productId: text('product_id').notNull(),
    format: text('format').notNull(),
    dimension: text('dimension').notNull(),
    codec: text('codec').notNull(),
    /** Minor units of the clip's currency; 0 for a free clip. */
    priceMinor: integer('price_minor').notNull(),
    discountedPriceMinor: integer('discounted_price_minor'),
  },
  (t) => [
    primaryKey({ columns: [t.clipId, t.quality] }),
    check('stock_clip_qualities_quality', oneOf('quality', STOCK_QUALITIES)),
  ],
);

export const stockCollections = pgTable('stock_collections', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  createdAt: createdAt(),
});

export const stockCollectionClips = pgTable(
  'stock_collection_clips',
  {
    collectionId: integer('collection_id')
      .notNull()
      .references(() => stockCollections.id, { onDelete: 'cascade' }),
    clipId: integer('clip_id')
      .notNull()
      .references(() => stockClips.videoId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.clipId] })],
);

export const carts = pgTable('carts', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  currencyCode: text('currency_code').notNull().default('USD'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    clipId: integer('clip_id')
      .notNull()
      .references(() => stockClips.videoId, { onDelete: 'cascade' }),
    quality: text('quality').notNull(),
    createdAt: createdAt(),
  },
  // One line per clip: adding twice never gives two lines (idempotent by cart and clip).
  (t) => [
    primaryKey({ columns: [t.cartId, t.clipId] }),
    check('cart_items_quality', oneOf('quality', STOCK_QUALITIES)),
  ],
);

export const purchases = pgTable(
  'purchases',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clipId: integer('clip_id')
      .notNull()
      .references(() => stockClips.videoId, { onDelete: 'cascade' }),
    quality: text('quality').notNull(),
    priceMinor: integer('price_minor').notNull(),
    currencyCode: text('currency_code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('purchases_user_clip_key').on(t.userId, t.clipId)],
);

/** Each accepted upload, for quota usage per week, month, year and lifetime. */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'set null' }),
    /** The resumable upload it came from (/upload/videos/{uploadId}); null for the ingest CLI. */
    tusId: text('tus_id').unique(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user_time_idx').on(t.userId, t.createdAt)],
);

/** Per-account viewer settings: mature-content filter, theme, locale. */
export const viewerSettings = pgTable(
  'viewer_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentRatingPreset: text('content_rating_preset').notNull().default('safest'),
    contentRatings: text('content_ratings')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    theme: text('theme'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('viewer_settings_preset', oneOf('content_rating_preset', RATING_PRESETS))],
);

/** Background work (transcoding, archiving, retrieval), claimed with SKIP LOCKED. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    /** How far a running job is (0–100) and the step it is on, for the studio's progress. */
    progress: integer('progress').notNull().default(0),
    step: text('step'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_ready_idx').on(t.status, t.runAt),
    check('jobs_status', oneOf('status', JOB_STATUSES)),
  ],
);

/** A "Forgot password?" link: usable once, until it expires; only its SHA-256 is kept. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** An e-mailed invitation into a team with a role; accepted once, until it expires. */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('team_invitations_team_idx').on(t.teamId),
    check('team_invitations_role', oneOf('role', TEAM_ROLES)),
  ],
);

/**
 * An app registered for the OAuth 2 client-credentials grant (POST /oauth/authorize/client).
 * Its secret is shown once; only its SHA-256 is kept (see apiTokens for why SHA-256).
 */
export const apiApps = pgTable(
  'api_apps',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    clientId: text('client_id').notNull().unique(),
    secretHash: text('secret_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('api_apps_user_idx').on(t.userId)],
);

/**
 * A bearer token for the API: a user's personal access token, or an app's token from the
 * client-credentials grant, which acts for nobody. Only its SHA-256 is kept: the token is 32
 * random bytes, so unlike a password it needs no slow hash to resist guessing, and a fast
 * one lets every API request find its token by an indexed lookup.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    appId: integer('app_id').references(() => apiApps.id, { onDelete: 'cascade' }),
    /** What the person called it; null for an app's token. */
    name: text('name'),
    scopes: text('scopes').array().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('api_tokens_user_idx').on(t.userId),
    index('api_tokens_app_idx').on(t.appId),
    check('api_tokens_holder', sql`(user_id is null) <> (app_id is null)`),
    check(
      'api_tokens_scopes',
      sql.raw(`scopes <@ array[${API_SCOPES.map((s) => `'${s}'`).join(', ')}]::text[]`),
    ),
  ],
);

/**
 * The site's own id, made at random on first use (src/server/db/siteIdentity.ts): it names the
 * site's keys and channels in a Redis that other sites may share. One row, held so by its key.
 */
export const siteIdentity = pgTable(
  'site_identity',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    id: text('id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('site_identity_singleton', sql`${t.singleton}`)],
);

/**
 * The showcases a signed-in viewer follows or has opened, for their /watch page: a follow is
 * kept until they unfollow; an opening is the last time they opened it (at most once an hour
 * written, src/server/watch/showcaseFollows.ts). Only a follow's change is a viewer change
 * (migration 0014): the follow button shows on every showcase page the viewer opens.
 */
export const showcaseFollows = pgTable(
  'showcase_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    showcaseId: integer('showcase_id')
      .notNull()
      .references(() => showcases.id, { onDelete: 'cascade' }),
    following: boolean('following').notNull().default(false),
    followedAt: timestamp('followed_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.showcaseId] })],
);

/**
 * Review links (/review/{token}): whoever holds one watches the video, even a private one,
 * and leaves notes; its password, when set, is an argon2 hash as a video's is.
 */
export const reviewLinks = pgTable(
  'review_links',
  {
    id: serial('id').primaryKey(),
    /** 128 random bits, base64url: the address, never the video's id. */
    token: text('token').notNull(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash'),
    /** The version it shows; null follows the video's current one through replacements. */
    version: integer('version'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('review_links_token_idx').on(t.token),
    index('review_links_video_idx').on(t.videoId),
  ],
);

/** A reviewer's note pinned to a time code of a video, with the owner's reply. */
export const reviewNotes = pgTable(
  'review_notes',
  {
    id: serial('id').primaryKey(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    /** The link it came through; kept when the link is taken away. */
    linkId: integer('link_id').references(() => reviewLinks.id, { onDelete: 'set null' }),
    /** The version of the video it was left on: its time code is of that cut. */
    version: integer('version').notNull().default(1),
    /** Whole seconds from the start of the video. */
    seconds: integer('seconds').notNull(),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    resolved: boolean('resolved').notNull().default(false),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** When the mail that told the video's managers about it went; null while it waits. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('review_notes_video_idx').on(t.videoId, t.version, t.seconds)],
);

/**
 * The open mail window of a video with new review notes: made by the first note after the
 * last mail, gone once the one mail of its notes is sent (src/server/review/reviewMail.ts).
 */
export const reviewMailWindows = pgTable('review_mail_windows', {
  videoId: integer('video_id')
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' }),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
});

/*
 * Play counters (docs/analytics.md), one row per day and subject, added to by the batched
 * flush of src/server/analytics/playCounts.ts. They hold counts only: no address, no cookie,
 * no key that tells one viewer from another.
 */

/** A video's plays, finishes, watched seconds and live peak of one UTC day. */
export const videoDailyStats = pgTable(
  'video_daily_stats',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    plays: integer('plays').notNull().default(0),
    finishes: integer('finishes').notNull().default(0),
    watchSeconds: bigint('watch_seconds', { mode: 'number' }).notNull().default(0),
    /** The most viewers at once while it was live that day. */
    livePeak: integer('live_peak').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.day] })],
);

/** How many plays of a day reached each part of the video (src/lib/playCounting.ts buckets). */
export const videoDailyRetention = pgTable(
  'video_daily_retention',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    bucket: integer('bucket').notNull(),
    viewers: integer('viewers').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.day, t.bucket] })],
);

/** A showcase's visits (its pages opened) and plays (of its videos) of one UTC day. */
export const showcaseDailyStats = pgTable(
  'showcase_daily_stats',
  {
    showcaseId: integer('showcase_id')
      .notNull()
      .references(() => showcases.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visits: integer('visits').notNull().default(0),
    plays: integer('plays').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.showcaseId, t.day] })],
);

/** A video's plays of one day by referring site (host only) or by country. */
export const videoDailySources = pgTable(
  'video_daily_sources',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.day, t.kind, t.value] }),
    check('video_daily_sources_kind', oneOf('kind', SOURCE_KINDS)),
  ],
);

/** A showcase's visits of one day by referring site (host only) or by country. */
export const showcaseDailySources = pgTable(
  'showcase_daily_sources',
  {
    showcaseId: integer('showcase_id')
      .notNull()
      .references(() => showcases.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.showcaseId, t.day, t.kind, t.value] }),
    check('showcase_daily_sources_kind', oneOf('kind', SOURCE_KINDS)),
  ],
);
