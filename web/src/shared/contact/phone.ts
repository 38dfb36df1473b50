/** Ten digits, however spaced or bracketed, shown as XXX-XXX-XXXX (§5); anything else as typed. */
export function formatPhone(value: string): string {
  const compact = value.replace(/[\s().-]/g, '');
  return /^\d{10}$/.test(compact) ? `${compact.slice(0, 3)}-${compact.slice(3, 6)}-${compact.slice(6)}` : value;
}

/** The input attributes of every phone field of the public and staff appointment forms. */
export const phoneInputAttributes = {
  type: 'tel',
  inputMode: 'tel',
  maxLength: 14,
  placeholder: 'XXX-XXX-XXXX',
} as const;
