import { describe, expect, it } from 'vitest';
import { fillPlural, pluralTemplates, sampleCounts } from './pluralMessage.ts';

describe('plural messages filled in the browser', () => {
  it("finds a number of every category of each language's", () => {
    for (const locale of ['en', 'fr-FR', 'pt-BR', 'ja-JP']) {
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      expect([...sampleCounts(locale).keys()].sort()).toEqual([...categories].sort());
    }
  });

  it('picks the form of the count as the language counts', () => {
    const french = pluralTemplates('fr-FR', (count) =>
      count === 1_000_000
        ? '{count} de caractères'
        : count < 2
          ? '{count} caractère'
          : '{count} caractères',
    );
    expect(fillPlural(french, 0)).toBe('0 caractère');
    expect(fillPlural(french, 1)).toBe('1 caractère');
    expect(fillPlural(french, 7)).toBe('7 caractères');
    const english = pluralTemplates('en', (count) =>
      count === 1 ? '{count} character left' : '{count} characters left',
    );
    expect(fillPlural(english, 0)).toBe('0 characters left');
    expect(fillPlural(english, 1)).toBe('1 character left');
  });
});
