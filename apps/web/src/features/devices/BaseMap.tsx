/**
 * The console's Leaflet map moved to `platform/map`; these re-exports keep
 * the device area's imports working.
 */
export { BaseMap, FitBounds } from '../../platform/map/BaseMap';
