/**
 * The translation keys' type, held by the type check (`astro check`): every `@ts-expect-error`
 * below fails the check once the call it marks is accepted, so keys cannot quietly widen to
 * `string` (or `any`) again.
 */
import { expectTypeOf } from 'vitest';
import type {
  KeysOf,
  PluralKeysOf,
  Translate,
  TranslationKey,
  TranslatorOf,
} from './translationKeys.ts';

declare const t: Translate;

expectTypeOf(t('library.bulkDeleteTitle', { count: 2 })).toEqualTypeOf<string>();
expectTypeOf<'stock.confirmed'>().toExtend<TranslationKey>();
expectTypeOf<string>().not.toExtend<TranslationKey>();

// @ts-expect-error: a misspelt area
t('libary.bulkDeleteTitle', { count: 2 });
// @ts-expect-error: a misspelt key in a real area
t('library.bulkDeleteTitel');
// @ts-expect-error: a key put together at run time
t(['library', 'bulkDeleteTitle'].join('.'));

/** A catalogue with plural forms, as i18next writes them: one key per CLDR category. */
interface Plurals {
  library: { bulkDeleteTitle_one: string; bulkDeleteTitle_other: string; deleteVideo: string };
  share: {
    charactersOver_one: string;
    charactersOver_many: string;
    charactersOver_other: string;
  };
}
declare const plural: TranslatorOf<KeysOf<Plurals>, PluralKeysOf<Plurals>>;

expectTypeOf<KeysOf<Plurals>>().toEqualTypeOf<
  'library.bulkDeleteTitle' | 'library.deleteVideo' | 'share.charactersOver'
>();
expectTypeOf<PluralKeysOf<Plurals>>().toEqualTypeOf<
  'library.bulkDeleteTitle' | 'share.charactersOver'
>();
plural('library.bulkDeleteTitle', { count: 1 });
plural('share.charactersOver', { count: 3 });
plural('library.deleteVideo');

// @ts-expect-error: a plural form is asked for by its base, never by one of its forms
plural('library.bulkDeleteTitle_one', { count: 1 });
// @ts-expect-error: a plural message needs its count
plural('library.bulkDeleteTitle');
// @ts-expect-error: a base that no plural forms define
plural('library.bulkDeleteTitles', { count: 2 });
