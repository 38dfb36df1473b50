/**
 * A North American number as providers want it, in E.164: `613-555-0123`, `(613) 555-0123` and `1 613 555 0123`
 * become `+16135550123`. A number written with a leading + keeps its digits (`+33 1 23 45 67 89` ->
 * `+33123456789`). Anything else (an extension, too few digits) is returned as given: the provider then refuses it
 * as a bad number, which is the honest outcome.
 */
export function toE164(phone: string): string {
  const given = phone.trim();
  if (/[^\d\s().+-]/.test(given)) return phone;
  const digits = given.replace(/\D/g, '');
  if (given.startsWith('+')) return /^\+[\d\s().-]+$/.test(given) && digits.length >= 8 ? `+${digits}` : phone;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return phone;
}
