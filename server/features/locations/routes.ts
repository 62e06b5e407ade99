import * as api from '@hearth/contract/locations';
import type { Deps } from '../../platform/deps.ts';
import { route, type App } from '../../platform/http/route.ts';
import { noGeocoder, photonGeocoder } from './geocoder.ts';
import { LocationService } from './service.ts';

export function locationRoutes(app: App, deps: Deps): void {
  const geocoder = deps.config.geocoderUrl ? photonGeocoder(deps.config.geocoderUrl, deps.log) : noGeocoder;
  const locations = new LocationService(deps, geocoder);
  route(app, deps, api.listLocations, ({ caller }) => locations.list(caller));
  route(app, deps, api.listFavoriteLocations, ({ caller }) => locations.favorites(caller));
  route(app, deps, api.searchLocations, ({ caller, query }) => locations.search(caller, query.query));
  route(app, deps, api.addressSuggestions, ({ caller, query }) => locations.addressSuggestions(caller, query.query, query.kind));
  route(app, deps, api.createLocation, ({ caller, body }) => locations.create(caller, body));
  route(app, deps, api.updateLocation, ({ caller, params, body }) => locations.update(caller, params.id, body));
  route(app, deps, api.deleteLocation, ({ caller, params }) => locations.delete(caller, params.id));
  route(app, deps, api.setLocationFavorite, ({ caller, params, query }) =>
    locations.setFavorite(caller, params.id, query.isFavorite));
  route(app, deps, api.listTags, ({ caller }) => locations.tags(caller));
  route(app, deps, api.createTag, ({ caller, body }) => locations.createTag(caller, body.name));
  route(app, deps, api.updateTag, ({ caller, params, body }) => locations.renameTag(caller, params.id, body.name));
  route(app, deps, api.deleteTag, ({ caller, params }) => locations.deleteTag(caller, params.id));
  route(app, deps, api.listLocationNotes, ({ caller, params }) => locations.notes(caller, params.id));
  route(app, deps, api.myLocationNotes, ({ caller }) => locations.myNotes(caller));
  route(app, deps, api.createLocationNote, ({ caller, body }) => locations.addNote(caller, body));
  route(app, deps, api.updateLocationNote, ({ caller, params, body }) => locations.updateNote(caller, params.id, body.note));
  route(app, deps, api.deleteLocationNote, ({ caller, params }) => locations.deleteNote(caller, params.id));
  route(app, deps, api.countLocationNotes, ({ caller, params }) => locations.countNotes(caller, params.id));
}
