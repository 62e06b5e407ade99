import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Photon-compatible geocoder on loopback for the browser tests (GEOCODER_URL of the app): a few New York places,
 * matched when every word of the query is in the place's name or street; `osm_tag` filters by OSM key and value as
 * Photon does (several included tags: any of them).
 */
const places = [
  { name: 'Joe\'s Pizza', housenumber: '7', street: 'Carmine Street', osm_key: 'amenity', osm_value: 'restaurant', at: [-74.0037, 40.7306] },
  { name: 'Carmine Street Guitars', housenumber: '42', street: 'Carmine Street', osm_key: 'shop', osm_value: 'musical_instrument', at: [-74.0039, 40.7302] },
  { name: undefined, housenumber: '12', street: 'Carmine Street', osm_key: 'building', osm_value: 'house', at: [-74.0035, 40.7308] },
  { name: 'Katz\'s Delicatessen', housenumber: '205', street: 'East Houston Street', osm_key: 'amenity', osm_value: 'restaurant', at: [-73.9874, 40.7223] },
];

export async function startPhoton(): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const words = (url.searchParams.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const tags = url.searchParams.getAll('osm_tag');
    const features = places
      .filter((p) => tags.length === 0 || tags.includes(`${p.osm_key}:${p.osm_value}`))
      .filter((p) => words.every((w) => `${p.name ?? ''} ${p.housenumber} ${p.street}`.toLowerCase().replaceAll('\'', '').includes(w)))
      .map(({ at, ...p }) => ({
        type: 'Feature', geometry: { type: 'Point', coordinates: at },
        properties: { ...p, city: 'New York', state: 'New York', postcode: '10014', countrycode: 'US' },
      }));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ type: 'FeatureCollection', features }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
