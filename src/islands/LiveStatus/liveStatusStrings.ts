/**
 * The translated strings of the live hero's island, with {date} for a start only the browser
 * may come to know (src/lib/messageTemplate.ts). Server-side only.
 */
import type { Translate } from '../../lib/translationKeys.ts';
import { markers } from '../../lib/messageTemplate.ts';
import { pluralTemplates } from '../../lib/pluralMessage.ts';
import type { LiveStatusStrings } from './LiveStatus.tsx';

export function liveStatusStrings(t: Translate, locale: string): LiveStatusStrings {
  return {
    live: t('showcase.live'),
    upcoming: t('showcase.upcoming'),
    watch: t('live.watch'),
    watchNow: t('live.watchNow'),
    eventStarting: t('live.eventStarting'),
    startingSoon: t('live.startingSoon'),
    startsIn: t('live.startsIn'),
    hours: t('live.hours'),
    minutes: t('live.minutes'),
    seconds: t('live.seconds'),
    startsAt: t('live.startsAt', markers('date')),
    startedAt: t('live.startedAt', markers('date')),
    streamedAt: t('live.streamedAt', markers('date')),
    notScheduled: t('live.notScheduled'),
    opensInNewTab: t('common.opensInNewTab'),
    watching: pluralTemplates(locale, (count) =>
      t('live.watching', { count, replace: { count: '{count}' } }),
    ),
  };
}
