import { describe, expect, it } from 'vitest';
import { legalRegime } from './legalRegime.ts';

const base = { simplifiedSite: false, paidPlan: false };

describe('legalRegime', () => {
  describe('given a viewer in California', () => {
    it('applies CPRA from a full subdivision code', () => {
      expect(legalRegime({ ...base, country: 'US', region: 'US-CA' }).cpra).toBe(true);
    });
    it('applies CPRA from the subdivision alone', () => {
      expect(legalRegime({ ...base, region: 'us-ca' }).cpra).toBe(true);
    });
    it('applies CPRA from a bare state code with the country', () => {
      expect(legalRegime({ ...base, country: 'US', region: 'CA' }).cpra).toBe(true);
    });
    it('applies nothing else', () => {
      expect(legalRegime({ ...base, paidPlan: true, region: 'US-CA' })).toEqual({
        cpra: true,
        impressum: false,
        terminateContract: false,
        ofcom: false,
        simplified: false,
      });
    });
  });

  describe('given a viewer elsewhere in the US', () => {
    it('does not apply CPRA in another state', () => {
      expect(legalRegime({ ...base, country: 'US', region: 'US-NY' }).cpra).toBe(false);
    });
    it('does not apply CPRA without a region', () => {
      expect(legalRegime({ ...base, country: 'US' }).cpra).toBe(false);
    });
  });

  describe('given a Canadian province also coded CA', () => {
    it('does not mistake Canada for California', () => {
      expect(legalRegime({ ...base, country: 'CA', region: 'CA-ON' }).cpra).toBe(false);
      expect(legalRegime({ ...base, country: 'CA' }).cpra).toBe(false);
    });
    it('does not read a bare CA region without a country as California', () => {
      expect(legalRegime({ ...base, region: 'CA' }).cpra).toBe(false);
    });
  });

  describe('given a subdivision that contradicts the country', () => {
    it('trusts neither for CPRA', () => {
      expect(legalRegime({ ...base, country: 'DE', region: 'US-CA' }).cpra).toBe(false);
    });
  });

  describe('given a German-speaking country', () => {
    it.each(['DE', 'AT', 'CH', 'de'])('shows the Impressum in %s', (country) => {
      expect(legalRegime({ ...base, country }).impressum).toBe(true);
    });
    it('takes the country from the subdivision when absent', () => {
      expect(legalRegime({ ...base, region: 'DE-BY' }).impressum).toBe(true);
    });
    it.each(['FR', 'LI', 'LU', 'US'])('does not show it in %s', (country) => {
      expect(legalRegime({ ...base, country }).impressum).toBe(false);
    });
  });

  describe('given the German termination-button law', () => {
    it('applies in Germany with a paid plan', () => {
      expect(legalRegime({ ...base, country: 'DE', paidPlan: true }).terminateContract).toBe(true);
    });
    it('does not apply in Germany without a paid plan', () => {
      expect(legalRegime({ ...base, country: 'DE', paidPlan: false }).terminateContract).toBe(
        false,
      );
    });
    it.each(['AT', 'CH', 'US'])('does not apply in %s even with a paid plan', (country) => {
      expect(legalRegime({ ...base, country, paidPlan: true }).terminateContract).toBe(false);
    });
  });

  describe('given a viewer in the United Kingdom', () => {
    it('applies Ofcom rules for GB', () => {
      expect(legalRegime({ ...base, country: 'GB' }).ofcom).toBe(true);
    });
    it('accepts the common UK alias', () => {
      expect(legalRegime({ ...base, country: 'uk' }).ofcom).toBe(true);
    });
    it('takes the country from a GB subdivision', () => {
      expect(legalRegime({ ...base, region: 'GB-SCT' }).ofcom).toBe(true);
    });
    it('does not apply in Ireland', () => {
      expect(legalRegime({ ...base, country: 'IE' }).ofcom).toBe(false);
    });
  });

  describe('given no location', () => {
    it('applies no regime', () => {
      expect(legalRegime(base)).toEqual({
        cpra: false,
        impressum: false,
        terminateContract: false,
        ofcom: false,
        simplified: false,
      });
    });
  });

  describe('given a simplified site', () => {
    it('passes the flag through and keeps the regime flags', () => {
      expect(legalRegime({ ...base, simplifiedSite: true, country: 'DE', paidPlan: true })).toEqual(
        {
          cpra: false,
          impressum: true,
          terminateContract: true,
          ofcom: false,
          simplified: true,
        },
      );
    });
  });
});
