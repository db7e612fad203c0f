import { useEffect } from 'react';
import { create } from 'zustand';
import { AuthRoutes, type LatLng, type MapTileChoice, type MapTileSource, type MapTilesConfig } from '@ztj/contracts';
import { callApi } from '../http/callApi';
import { readStored, writeStored } from '../storage/localStore';
import { STORAGE_KEYS } from '../storage/storageKeys';
import { choicesOf, FROM_TILE, resolveChoice, sourceOf, TO_TILE, type PositionConverter } from './mapTiles';

interface MapTilesState {
  /** The server's sources (`loginConfig.mapTiles`); null until it answered. */
  config: MapTilesConfig | null;
  loading: boolean;
  /** The user's choice from local storage (`MAP_TILE_SOURCE`); null: the server's default. */
  stored: MapTileChoice | null;
  setChoice: (choice: MapTileChoice) => void;
}

const CHOICES: readonly MapTileChoice[] = ['offline', 'osm', 'gaode', 'custom'];

function storedChoice(): MapTileChoice | null {
  const value = readStored<unknown>(STORAGE_KEYS.mapTileSource, null);
  return CHOICES.includes(value as MapTileChoice) ? (value as MapTileChoice) : null;
}

/** Map tile state shared by every map of the console (one choice for all, kept in local storage). */
export const useMapTilesStore = create<MapTilesState>((set) => ({
  config: null,
  loading: false,
  stored: storedChoice(),
  setChoice: (choice) => {
    writeStored(STORAGE_KEYS.mapTileSource, choice);
    set({ stored: choice });
  },
}));

/**
 * Asks the server once for its tile sources (public `loginConfig` call, silent: without an answer
 * the maps show the offline basemap and the next map opened asks again).
 */
export function loadMapTiles(): void {
  const state = useMapTilesStore.getState();
  if (state.config || state.loading) return;
  useMapTilesStore.setState({ loading: true });
  callApi(AuthRoutes.loginConfig, { silent: true }).then(
    (result) => useMapTilesStore.setState({ config: result.mapTiles, loading: false }),
    () => useMapTilesStore.setState({ loading: false }),
  );
}

/** What {@link useMapTiles} returns. */
export interface MapTilesView {
  /** What the maps show now. */
  choice: MapTileChoice;
  /** Choices of the layer switch (offline first, then what the server allows). */
  choices: MapTileChoice[];
  /** The online tiles drawn over the basemap, or null (offline basemap only). */
  source: MapTileSource | null;
  /** Coordinate system of what is drawn: `gcj02` only over GCJ-02 tiles. */
  coords: MapTileSource['coords'];
  /** A stored WGS-84 position in map coordinates (GCJ-02 over Gaode tiles, else unchanged). */
  toTile: PositionConverter;
  /** A map position (a click, a dragged marker) back to WGS-84 for storing. */
  fromTile: PositionConverter;
  /** Switches every map to `choice` and remembers it. */
  setChoice: (choice: MapTileChoice) => void;
}

/**
 * The active map tiles of the console and the position conversion that goes
 * with them; loads the server's sources on first use. Every layer drawn on a {@link BaseMap}
 * must pass its WGS-84 positions through `toTile`, and positions read from the map through
 * `fromTile` (ARCHITECTURE §7).
 */
export function useMapTiles(): MapTilesView {
  const config = useMapTilesStore((s) => s.config);
  const stored = useMapTilesStore((s) => s.stored);
  const setChoice = useMapTilesStore((s) => s.setChoice);
  useEffect(loadMapTiles, []);
  const choice = resolveChoice(config, stored);
  const source = sourceOf(config, choice);
  const coords = source?.coords ?? 'wgs84';
  return {
    choice,
    choices: choicesOf(config),
    source,
    coords,
    toTile: TO_TILE[coords],
    fromTile: FROM_TILE[coords],
    setChoice,
  };
}

/** The active tiles' coordinate system outside React (for the deprecated `toTilePosition`). */
export function currentTileCoords(): MapTileSource['coords'] {
  const { config, stored } = useMapTilesStore.getState();
  return sourceOf(config, resolveChoice(config, stored))?.coords ?? 'wgs84';
}

/** Converts with the active tiles' system outside React; prefer `useMapTiles().toTile`. */
export function toCurrentTile(lat: number, lng: number): LatLng {
  return TO_TILE[currentTileCoords()](lat, lng);
}
