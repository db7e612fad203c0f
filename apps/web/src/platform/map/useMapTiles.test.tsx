import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { gcj02ToWgs84, MAP_TILE_PRESETS, wgs84ToGcj02, type MapTilesConfig } from '@ztj/contracts';

const callApi = vi.fn();
vi.mock('../http/callApi', () => ({ callApi: (...a: unknown[]) => callApi(...a) }));

const { useMapTiles, useMapTilesStore } = await import('./useMapTiles');
const { resolveChoice } = await import('./mapTiles');

const BOTH: MapTilesConfig = { defaultChoice: 'osm', sources: [MAP_TILE_PRESETS.osm, MAP_TILE_PRESETS.gaode] };
/** Rabat (outside China: GCJ-02 leaves it) and Beijing (inside: shifted by a few hundred metres). */
const RABAT = [34.02, -6.83] as const;
const BEIJING = [39.9, 116.4] as const;

beforeEach(() => {
  localStorage.clear();
  useMapTilesStore.setState({ config: null, loading: false, stored: null });
});
afterEach(() => {
  cleanup();
  callApi.mockReset();
});

describe('resolveChoice', () => {
  it('offline until the server answers, then the stored choice if still offered, else the default', () => {
    expect(resolveChoice(null, 'gaode')).toBe('offline');
    expect(resolveChoice(BOTH, null)).toBe('osm');
    expect(resolveChoice(BOTH, 'gaode')).toBe('gaode');
    expect(resolveChoice(BOTH, 'offline')).toBe('offline');
    expect(resolveChoice({ defaultChoice: 'osm', sources: [MAP_TILE_PRESETS.osm] }, 'gaode')).toBe('osm');
  });
});

describe('useMapTiles', () => {
  it('asks the server once, draws the default source and converts nothing for OSM', async () => {
    callApi.mockResolvedValue({ captchaEnabled: false, mapTiles: BOTH });
    const { result } = renderHook(() => useMapTiles());
    expect(result.current.choice).toBe('offline');
    await waitFor(() => expect(result.current.choice).toBe('osm'));
    expect(callApi).toHaveBeenCalledTimes(1);
    expect(result.current.choices).toEqual(['offline', 'osm', 'gaode']);
    expect(result.current.source).toEqual(MAP_TILE_PRESETS.osm);
    expect(result.current.toTile(...BEIJING)).toEqual({ lat: BEIJING[0], lng: BEIJING[1] });
  });

  it('converts positions to GCJ-02 only while Gaode is chosen, back with fromTile, and remembers the choice', async () => {
    callApi.mockResolvedValue({ captchaEnabled: false, mapTiles: BOTH });
    const { result } = renderHook(() => useMapTiles());
    await waitFor(() => expect(result.current.source).not.toBeNull());
    act(() => result.current.setChoice('gaode'));
    expect(result.current.coords).toBe('gcj02');
    const drawn = result.current.toTile(...BEIJING);
    expect(drawn).toEqual(wgs84ToGcj02(...BEIJING));
    expect(Math.abs(drawn.lat - BEIJING[0]) + Math.abs(drawn.lng - BEIJING[1])).toBeGreaterThan(1e-3);
    expect(result.current.fromTile(drawn.lat, drawn.lng)).toEqual(gcj02ToWgs84(drawn.lat, drawn.lng));
    expect(result.current.toTile(...RABAT)).toEqual({ lat: RABAT[0], lng: RABAT[1] });
    expect(JSON.parse(localStorage.getItem('pro__MAP_TILE_SOURCE')!)).toMatchObject({ value: 'gaode' });
    act(() => result.current.setChoice('offline'));
    expect(result.current.source).toBeNull();
    expect(result.current.toTile(...BEIJING)).toEqual({ lat: BEIJING[0], lng: BEIJING[1] });
  });

  it('stays on the offline basemap when the server cannot be asked', async () => {
    callApi.mockRejectedValue(new Error('offline'));
    const { result } = renderHook(() => useMapTiles());
    await waitFor(() => expect(useMapTilesStore.getState().loading).toBe(false));
    expect(result.current).toMatchObject({ choice: 'offline', source: null, coords: 'wgs84', choices: ['offline'] });
  });
});
