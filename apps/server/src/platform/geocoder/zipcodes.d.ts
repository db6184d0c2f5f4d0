/** The parts of the `zipcodes` package (v8, BSD; no types of its own) the offline geocoder reads. */
declare module 'zipcodes' {
  export interface ZipCode {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  interface Zipcodes {
    /** Every code by ZIP (US) or forward sortation area (Canada). */
    codes: Record<string, ZipCode>;
    /** State and province names (upper case) to their codes, and back. */
    states: { full: Record<string, string>; abbr: Record<string, string> };
  }
  const zipcodes: Zipcodes;
  export default zipcodes;
}
