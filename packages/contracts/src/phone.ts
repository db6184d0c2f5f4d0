import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

// Apart from common.ts because the number metadata is most of a screen's download: kept here, it
// loads with the screens that read or show a phone number, not with every schema.

/** Normalises a phone number to E.164, or null when it is not a valid number (US by default). */
export function normalizePhone(text: string, defaultCountry: 'US' = 'US'): string | null {
  const parsed = parsePhoneNumberFromString(text, defaultCountry);
  return parsed && parsed.isValid() ? parsed.number : null;
}

/** The region (ISO country) a phone number belongs to, or null when invalid. */
export function phoneRegion(text: string): string | null {
  const parsed = parsePhoneNumberFromString(text, 'US');
  return parsed && parsed.isValid() ? (parsed.country ?? null) : null;
}

/**
 * A phone number as people read it, the one form every screen shows: numbers of the practices'
 * country (US) in the national form, '(202) 555-0143', others in the international one,
 * '+44 20 7946 0958'. Text that is not wholly a valid number (an e-mail address, a masked number,
 * a sentence with digits in it) is shown as it is.
 */
export function formatPhone(text: string): string {
  // Without `extract: false` a number inside other text would come back alone, the text lost.
  const parsed = parsePhoneNumberFromString(text, { defaultCountry: 'US', extract: false });
  if (!parsed || !parsed.isValid()) return text;
  return parsed.country === 'US' ? parsed.formatNational() : parsed.formatInternational();
}
