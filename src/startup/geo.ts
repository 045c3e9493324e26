import type { CityLookup, GeoLookup } from '../redirect/geo.js';
import { fileReason, StartupError } from './failure.js';

/** Read the IP-to-country database now, so a bad LSK_GEOIP_DB stops start-up in one line. */
export function loadCountryDatabase(geo: GeoLookup | null, configured: string | undefined): void {
  try {
    geo?.load();
  } catch (e) {
    const which = configured ? `LSK_GEOIP_DB ${configured}` : 'the shipped country database';
    throw new StartupError(`cannot read ${which}: ${fileReason(e)}`, 1, { cause: e });
  }
}

/** Read the city database (LSK_GEOIP_CITY_DB) now, so a bad path stops start-up in one line. */
export function loadCityDatabase(city: CityLookup | null, configured: string | undefined): void {
  try {
    city?.load();
  } catch (e) {
    throw new StartupError(`cannot read LSK_GEOIP_CITY_DB ${configured}: ${fileReason(e)}`, 1, { cause: e });
  }
}
