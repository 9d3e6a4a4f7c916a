/**
 * Which jurisdiction-specific legal features apply to a viewer (SPEC §5 "Mature filter and
 * do-not-sell link only under CPRA regime"; §6 "Terminate-contract and Impressum links only
 * for qualifying. Simplified site shows only Terms and Privacy legal links"; §3 viewer
 * context ofcomQualifies).
 *
 * The flags describe the law that applies, not the final footer: on a simplified site the
 * footer shows only Terms and Privacy (SPEC §6) whatever the flags say, while cpra still
 * gates the mature-content filter, which is not a link. `simplified` is passed through so
 * one object carries everything the footer needs.
 */

export interface LegalRegimeInput {
  /** ISO 3166-1 alpha-2 country of the viewer, e.g. 'DE'. */
  country?: string | undefined;
  /** ISO 3166-2 subdivision, e.g. 'US-CA'; a bare 'CA' is read together with country. */
  region?: string | undefined;
  simplifiedSite: boolean;
  /** The signed-in account has a paid plan (a contract that can be terminated). */
  paidPlan: boolean;
}

export interface LegalRegime {
  /**
   * California (CCPA as amended by CPRA): the 'Do Not Sell My Personal Information' link
   * and the mature-content filter are shown (SPEC §5). Other US states' laws are covered
   * by the always-present /privacy/us-state-privacy page, so only US-CA qualifies here.
   */
  cpra: boolean;
  /**
   * German-speaking countries require a provider identification page: Germany (§ 5 DDG,
   * formerly TMG), Austria (§ 5 ECG / § 25 MedienG) and Switzerland (Art. 3 UWG).
   */
  impressum: boolean;
  /**
   * Germany's "Kündigungsbutton" (§ 312k BGB) requires a contract-termination button for
   * online consumer contracts; it only means something when there is a paid plan to end.
   */
  terminateContract: boolean;
  /** United Kingdom: Online Safety Act duties enforced by Ofcom. */
  ofcom: boolean;
  simplified: boolean;
}

const IMPRESSUM_COUNTRIES: ReadonlySet<string> = new Set(['DE', 'AT', 'CH']);

function normalise(code: string | undefined): string {
  return typeof code === 'string' ? code.trim().toUpperCase() : '';
}

/** 'UK' is not ISO 3166-1 but some geo-IP sources send it for Great Britain. */
function normaliseCountry(code: string): string {
  return code === 'UK' ? 'GB' : code;
}

export function legalRegime(input: LegalRegimeInput): LegalRegime {
  const rawRegion = normalise(input.region);
  let country = normaliseCountry(normalise(input.country));
  let region = rawRegion;
  if (rawRegion !== '' && !rawRegion.includes('-')) {
    // A bare subdivision code only means something relative to its country.
    region = country === '' ? '' : `${country}-${rawRegion}`;
  }
  const regionCountry = normaliseCountry(region.split('-')[0] ?? '');
  if (country === '') country = regionCountry;
  // A subdivision of another country than the one given is contradictory; trust neither.
  if (region !== '' && regionCountry !== country) region = '';

  return {
    cpra: region === 'US-CA',
    impressum: IMPRESSUM_COUNTRIES.has(country),
    terminateContract: country === 'DE' && input.paidPlan,
    ofcom: country === 'GB',
    simplified: input.simplifiedSite,
  };
}
