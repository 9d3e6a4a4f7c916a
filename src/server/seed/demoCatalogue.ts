/**
 * The demo catalogue: who and what `npm start` seeds into an empty database. Plain data,
 * so `npm run demo:info` and the tests read the same truth the seed writes.
 */
import type {
  ContentRating,
  Layout,
  PlanType,
  ShowcasePrivacy,
  Sort,
  TeamRole,
  Theme,
} from '../../lib/domain.ts';

export const DEMO_PASSWORD = 'vitrine-demo';

export interface DemoAccount {
  key: string;
  email: string;
  name: string;
  plan: PlanType;
  /** Role in the demo team; null for an account outside it. */
  role: TeamRole | null;
  canReceiveFreeStock?: boolean;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    key: 'owner',
    email: 'owner@vitrine.test',
    name: 'Olivia Okafor',
    plan: 'pro',
    role: 'Owner',
    canReceiveFreeStock: true,
  },
  { key: 'admin', email: 'admin@vitrine.test', name: 'Arjun Mehta', plan: 'plus', role: 'Admin' },
  {
    key: 'contributor',
    email: 'contributor@vitrine.test',
    name: 'Chloé Martin',
    plan: 'free',
    role: 'Contributor',
  },
  {
    key: 'viewer',
    email: 'viewer@vitrine.test',
    name: 'Kenji Watanabe',
    plan: 'basic',
    role: 'Viewer',
  },
  { key: 'member', email: 'member@vitrine.test', name: 'Sofia Alves', plan: 'basic', role: null },
  // A second account outside the team, so two newcomers can talk in the demo's live chat.
  { key: 'guest', email: 'guest@vitrine.test', name: 'Lena Fischer', plan: 'basic', role: null },
  // Every other team role, so each role's share of the studio can be tried.
  {
    key: 'contributor-plus',
    email: 'contributor-plus@vitrine.test',
    name: 'Tomás Reyes',
    plan: 'free',
    role: 'Contributor Plus',
  },
  {
    key: 'uploader',
    email: 'uploader@vitrine.test',
    name: 'Mina Park',
    plan: 'free',
    role: 'Uploader',
  },
];

export const DEMO_TEAM_NAME = 'Northwind Studio';

/**
 * A live event of the demo. A one-off one starts `startsInMinutes` after the seed (before it
 * when negative); `ended`, it is over and its clip is the replay; `daily`, it comes back every
 * day at that time. A recurring one repeats `rrule` from `firstStart`, a local time in
 * `timeZone`, and is seeded at its next occurrence. `saveReplay: false` keeps no recording.
 */
export type DemoLive = (
  | { startsInMinutes: number; ended?: boolean; daily?: boolean }
  | { rrule: string; firstStart: string; timeZone: string }
) & { saveReplay?: boolean };

export interface DemoVideo {
  key: string;
  name: string;
  description: string;
  /** Seconds shown and stored; media longer than a few minutes is generated short (see seed). 0: no media (an event not yet held). */
  duration: number;
  contentRating?: ContentRating;
  live?: DemoLive;
  daysAgo: number;
  plays: number;
  likes: number;
  /** Days since the source was last downloaded: 30 or more and the sweep at start archives it. */
  sourceIdleDays?: number;
  /** Rendered at FULL_HD_RENDER rather than 960×540, so its HLS ladder has three rungs. */
  fullHd?: boolean;
}

/** A 1080p source, a 720p `hd` and the 360p `sd`: with the source itself, three HLS rungs. */
export const FULL_HD_RENDER = { width: 1920, height: 1080, hdHeight: 720 } as const;

/** The reels made at 1080p: short ones (1080p costs four times the pixels), in every public layout. */
const FULL_HD_REELS = new Set([0, 10, 15, 17]);

const TOPICS = [
  'Harbour at dawn',
  'Glass studio',
  'Night market',
  'Alpine rail',
  'Paper cranes',
  'Coastal storm',
  'Bakery rush',
  'Rooftop garden',
  'Vinyl pressing',
  'Desert bloom',
  'Canal boats',
  'Forge and anvil',
  'Street choir',
  'Tea harvest',
  'Salt flats',
  'Neon signs',
  'Kite festival',
  'Letterpress',
  'River delta',
  'Ceramics wheel',
  'Lighthouse keeper',
  'Fish auction',
  'Bamboo forest',
  'Tram depot',
  'Dune surfing',
  'Orchestra warm-up',
  'Ice climbing',
  'Cork harvest',
  'Weaving loom',
  'Aurora timelapse',
  'Mountain hut',
  'Bridge repair',
  'Orchard frost',
  'Jazz cellar',
];

function describe(topic: string, i: number): string {
  const base = `${topic}: a short film from the Northwind archive, reel ${i + 1}.`;
  // Every third description carries links, to show they become clickable and nothing else.
  return i % 3 === 0
    ? `${base}\n\nBehind the scenes at https://example.org/northwind/${i + 1} or write to studio@example.org.`
    : base;
}

export const DEMO_VIDEOS: DemoVideo[] = [
  ...TOPICS.map((topic, i) => ({
    key: `reel-${i + 1}`,
    name: topic,
    description: describe(topic, i),
    duration: 4 + ((i * 7) % 17),
    daysAgo: 120 - i * 3,
    plays: (i * 37) % 500,
    likes: (i * 11) % 90,
    ...(i === 5
      ? { contentRating: 'explicit' as const }
      : i === 9
        ? { contentRating: 'unrated' as const }
        : {}),
    // Glass studio (reel 2, in the Northwind Showreel, which allows downloads) shows cold storage.
    ...(i === 1 ? { sourceIdleDays: 45 } : {}),
    ...(FULL_HD_REELS.has(i) ? { fullHd: true } : {}),
  })),
  {
    key: 'conference',
    name: 'Northwind Summit: full keynote',
    description:
      'The complete keynote recording, over an hour long. Slides: https://example.org/summit',
    duration: 3725,
    daysAgo: 10,
    plays: 1200,
    likes: 140,
  },
  // Videos that stand only in protected showcases: the leak test makes sure they never show elsewhere.
  {
    key: 'client-1',
    name: 'Orion campaign, client cut A',
    description: 'Confidential: first cut for the Orion client.',
    duration: 14,
    daysAgo: 6,
    plays: 3,
    likes: 0,
  },
  {
    key: 'client-2',
    name: 'Orion campaign, client cut B',
    description: 'Confidential: alternate cut for the Orion client.',
    duration: 12,
    daysAgo: 5,
    plays: 2,
    likes: 0,
  },
  {
    key: 'daily-1',
    name: 'Dailies: harbour night shoot',
    description: 'Team only: raw takes from the harbour night.',
    duration: 9,
    daysAgo: 4,
    plays: 5,
    likes: 1,
  },
  {
    key: 'daily-2',
    name: 'Dailies: glass studio pickups',
    description: 'Team only: pickup shots.',
    duration: 11,
    daysAgo: 3,
    plays: 4,
    likes: 1,
  },
  {
    key: 'unlisted-1',
    name: 'Alternate ending (director)',
    description: 'Only for people with the link.',
    duration: 10,
    daysAgo: 2,
    plays: 1,
    likes: 0,
  },
  {
    key: 'draft-1',
    name: 'Rough assembly, not for anyone yet',
    description: 'Private draft.',
    duration: 8,
    daysAgo: 1,
    plays: 0,
    likes: 0,
  },
  // The demo feed (src/server/live/demoFeed.ts) pushes to live-now while the server runs: every
  // day, so a restart of the server brings it back on the air, and with no recording piling up.
  {
    key: 'live-now',
    name: 'Launch day: live from the studio',
    description: 'Streaming now from Northwind Studio.',
    duration: 0,
    daysAgo: 1,
    plays: 0,
    likes: 0,
    live: { startsInMinutes: -30, daily: true, saveReplay: false },
  },
  {
    key: 'live-soon',
    name: 'Q&A with the crew',
    description: 'Ask us anything about the launch.',
    duration: 0,
    daysAgo: 1,
    plays: 0,
    likes: 0,
    live: { startsInMinutes: 20 },
  },
  {
    key: 'live-weekly',
    name: 'Weekly studio hour',
    description: 'Every Thursday at 18:00 Paris time: works in progress.',
    duration: 0,
    daysAgo: 1,
    plays: 0,
    likes: 0,
    live: {
      rrule: 'FREQ=WEEKLY;BYDAY=TH',
      firstStart: '2026-01-01T18:00',
      timeZone: 'Europe/Paris',
    },
  },
  {
    key: 'live-rehearsal',
    name: 'Launch rehearsal',
    description: 'The full run-through the day before launch, recorded live.',
    duration: 24,
    daysAgo: 2,
    plays: 48,
    likes: 6,
    live: { startsInMinutes: -26 * 60, ended: true },
  },
];

export interface DemoShowcase {
  key: string;
  name: string;
  description: string;
  layout: Layout;
  privacy: ShowcasePrivacy;
  theme?: Theme;
  brandColor?: string;
  customLogo?: boolean;
  password?: string;
  sort?: Sort;
  allowDownloads?: boolean;
  allowContinuousPlay?: boolean;
  /** Marks the showcase whose privacy is the demo team (team_data.team_showcase_id). */
  teamShowcase?: boolean;
  videos: string[];
  /** Stock clips (keys of demoStock.ts) shown after the videos, with their stock buttons. */
  stockClips?: string[];
}

const reels = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `reel-${from + i}`);

export const DEMO_SHOWCASES: DemoShowcase[] = [
  {
    key: 'grid',
    name: 'Northwind Showreel',
    description:
      'Thirty-four short films from the Northwind archive. Find the studio at https://example.org/northwind.',
    layout: 'grid',
    privacy: 'anybody',
    allowDownloads: true,
    videos: reels(1, 34),
  },
  {
    key: 'player',
    name: 'Making Of',
    description: 'Watch the making-of films back to back.',
    layout: 'player',
    privacy: 'anybody',
    allowContinuousPlay: true,
    videos: reels(1, 16),
  },
  {
    key: 'featured',
    name: 'Featured Stories',
    description: 'One story up front, the rest below.',
    layout: 'featured',
    privacy: 'anybody',
    videos: ['conference', ...reels(10, 18)],
  },
  {
    key: 'live',
    name: 'Launch Day Live',
    description: 'Live events from the launch.',
    layout: 'live',
    privacy: 'anybody',
    videos: ['live-now', 'live-soon', 'live-weekly', 'live-rehearsal'],
  },
  {
    key: 'embed',
    name: 'Partner Embeds',
    description: 'Shown only inside partner sites.',
    layout: 'embed-only',
    privacy: 'anybody',
    videos: reels(19, 22),
  },
  {
    key: 'password',
    name: 'Client Preview',
    description: 'Cuts for the client, behind a password.',
    layout: 'grid',
    privacy: 'password',
    password: 'northwind',
    videos: ['client-1', 'client-2', ...reels(23, 26)],
  },
  {
    key: 'team',
    name: 'Team Dailies',
    description: 'Dailies for the Northwind Studio team only.',
    layout: 'grid',
    privacy: 'team',
    teamShowcase: true,
    videos: ['daily-1', 'daily-2', ...reels(29, 31)],
  },
  {
    key: 'unlisted',
    name: 'Unlisted Director’s Cut',
    description: 'Only people with the link may watch.',
    layout: 'grid',
    privacy: 'unlisted',
    videos: ['unlisted-1', ...reels(2, 5)],
  },
  {
    key: 'empty',
    name: 'Coming Soon',
    description: 'Nothing here yet.',
    layout: 'grid',
    privacy: 'anybody',
    videos: [],
  },
  {
    key: 'dark',
    name: 'Night Shift',
    description: 'After-hours work, in the dark theme with our own logo and colour.',
    layout: 'grid',
    privacy: 'anybody',
    theme: 'dark',
    brandColor: '#ff6b35',
    customLogo: true,
    sort: 'alphabetical',
    videos: reels(11, 20),
  },
  {
    key: 'private',
    name: 'Owner’s Drafts',
    description: 'Private to the owner.',
    layout: 'grid',
    privacy: 'nobody',
    videos: ['draft-1'],
  },
  {
    key: 'stock',
    name: 'Stock Picks',
    description: 'Clips from the stock catalogue, ready to license from their cards.',
    layout: 'grid',
    privacy: 'anybody',
    videos: [],
    stockClips: ['city-lights', 'morning-fog', 'market-hands'],
  },
];

/**
 * What demo accounts (keys of DEMO_ACCOUNTS) said in the chat of a demo event (keys of
 * DEMO_VIDEOS). In an event on the air, `minutesAgo` dates a message before the seed; in a
 * finished one, `at` places it in its broadcast as a share of its length, where its replay
 * plays it back.
 */
export type DemoChatMessage = { author: string; body: string } & (
  { minutesAgo: number } | { at: number }
);

export const DEMO_CHAT: Record<string, DemoChatMessage[]> = {
  'live-now': [
    {
      author: 'member',
      body: 'Hi everyone! First time catching one of these live.',
      minutesAgo: 14,
    },
    {
      author: 'guest',
      body: 'Hallo aus Berlin! Same here, just found the stream.',
      minutesAgo: 12,
    },
    {
      author: 'viewer',
      body: 'Welcome both. The crew usually answers questions at the end.',
      minutesAgo: 11,
    },
    {
      author: 'member',
      body: 'Is the clock in the corner the real time in the studio?',
      minutesAgo: 9,
    },
    {
      author: 'viewer',
      body: 'It is: every second is drawn into the picture as it is made.',
      minutesAgo: 8,
    },
    { author: 'guest', body: 'Der Ton ist super klar, danke!', minutesAgo: 5 },
    { author: 'member', body: 'Que legal, está muito fluido aqui no celular 👏', minutesAgo: 2 },
  ],
  'live-rehearsal': [
    { author: 'viewer', body: 'Rehearsal starting, sound check first.', at: 0.04 },
    { author: 'member', body: 'Audio is a bit quiet on my side.', at: 0.18 },
    { author: 'admin', body: 'Thanks, turning the mic up now.', at: 0.3 },
    { author: 'member', body: 'Much better!', at: 0.42 },
    { author: 'guest', body: 'Das Licht links ist etwas zu hell.', at: 0.55 },
    { author: 'viewer', body: 'The logo reveal looks great.', at: 0.7 },
    { author: 'guest', body: 'Bis morgen zum Launch!', at: 0.86 },
    { author: 'owner', body: 'That is a wrap. See you all on launch day!', at: 0.96 },
  ],
};

/** What the demo's host says now and then in the chat of the event the demo feed streams (src/server/live/demoChat.ts). */
export const DEMO_CHAT_SPEAKER = {
  author: 'owner',
  lines: [
    'Welcome to launch day, live from the Northwind studio!',
    'Questions for the crew? Ask them here, we read every one.',
    'The Q&A with the crew starts soon after this stream.',
    'Missed the rehearsal? Its replay is in this showcase, chat included.',
    'Thanks for watching with us today.',
    'Say hello and tell us where you are watching from!',
    'Everything on screen was shot in our own studio.',
  ],
};
