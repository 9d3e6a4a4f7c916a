/**
 * A video's length as an ISO 8601 duration, the form schema.org's `duration` takes:
 * 65 → 'PT1M5S', 3725 → 'PT1H2M5S', 0 → 'PT0S'. Hours grow past 24 rather than turning into
 * days, whose length a duration cannot pin down.
 */
export function isoDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  const parts = `${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${rest || total === 0 ? `${rest}S` : ''}`;
  return `PT${parts}`;
}
