import type { AddressSuggestion, SuggestionKind } from '@hearth/contract/locations';

/** Where address suggestions come from; the app's only outside calls for places (locations, events, restaurants). */
export interface Geocoder {
  suggest(query: string, kind: SuggestionKind): Promise<AddressSuggestion[]>;
}

/** Without GEOCODER_URL the address is a plain field: no suggestions, no outside calls. */
export const noGeocoder: Geocoder = { suggest: async () => [] };

interface PhotonFeature {
  geometry?: { coordinates?: [number, number] };
  properties?: Record<string, string | undefined>;
}

const cacheMs = 10 * 60_000;
const cacheMax = 500;
const timeoutMs = 3000;
const resultsMax = 5;

/** Establishments are places to eat out: OSM's food and drink amenities (Photon ORs several included tags). */
const establishmentTags = ['restaurant', 'fast_food', 'cafe', 'pub', 'bar', 'food_court', 'ice_cream', 'biergarten']
  .map((value) => `amenity:${value}`);

/** "Joe's Pizza, 7 Carmine Street, New York, NY 10014": the parts Photon has, in reading order. */
function describe(p: Record<string, string | undefined>): { label: string; name: string | null; address: string } {
  const street = [p.housenumber, p.street].filter(Boolean).join(' ');
  const region = [p.state, p.postcode].filter(Boolean).join(' ');
  const address = [street, p.city ?? p.town ?? p.village ?? p.county, region].filter(Boolean).join(', ');
  const name = p.name && p.name !== street ? p.name : null;
  return { label: [name, address].filter(Boolean).join(', '), name, address: address || (name ?? '') };
}

/**
 * A geocoder speaking the Photon API (komoot's public instance or a self-hosted one): addresses, or establishments
 * when asked. US results only, as the spec says; answers are cached briefly, since people type a few letters at a time.
 */
export function photonGeocoder(baseUrl: string, log: { warn: (obj: object, msg: string) => void }): Geocoder {
  const cache = new Map<string, { at: number; suggestions: AddressSuggestion[] }>();
  return {
    async suggest(query, kind) {
      const key = `${kind} ${query.toLowerCase()}`;
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < cacheMs) return hit.suggestions;
      const url = new URL('api', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
      url.searchParams.set('q', query);
      url.searchParams.set('limit', String(resultsMax * 3));
      url.searchParams.set('lang', 'en');
      if (kind === 'establishment') for (const tag of establishmentTags) url.searchParams.append('osm_tag', tag);
      let features: PhotonFeature[];
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
        if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
        features = ((await res.json()) as { features?: PhotonFeature[] }).features ?? [];
      } catch (err) {
        // Suggestions are a comfort: a geocoder that is down leaves the address a plain field.
        log.warn({ err }, 'address suggestions failed');
        return [];
      }
      const suggestions = features
        .filter((f) => f.properties?.countrycode?.toUpperCase() === 'US' && f.geometry?.coordinates)
        .slice(0, resultsMax)
        .map((f) => ({
          ...describe(f.properties!),
          longitude: f.geometry!.coordinates![0],
          latitude: f.geometry!.coordinates![1],
        }));
      if (cache.size >= cacheMax) cache.delete(cache.keys().next().value!);
      cache.set(key, { at: Date.now(), suggestions });
      return suggestions;
    },
  };
}
