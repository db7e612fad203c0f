import { describe, expect, it } from 'vitest';
import { testT } from '../../alarm-settings/testI18n';
import { locationToForm, newLocation, newRoute, validateLocation, validateRoute } from './placeForm';

/** The editors check with the contracts' schemas and put the spec's messages on the right fields. */
describe('place forms', () => {
  it('a new route without points, name or radius shows errors on those fields', async () => {
    const t = await testT('en-US');
    const checked = validateRoute({ ...newRoute(), fenceRadiusM: 0 }, t);
    expect('errors' in checked && checked.errors).toEqual(
      expect.arrayContaining([
        { name: ['name'], errors: ['Required'] },
        { name: ['origin', 'lat'], errors: ['Required'] },
        { name: ['destination', 'lng'], errors: ['Required'] },
        { name: ['fenceRadiusM'], errors: ['The fence radius must be greater than 0 and at most 1000 km'] },
      ]),
    );
  });

  it('a complete route becomes the add body (labels only when typed, radius in metres)', async () => {
    const t = await testT('zh-CN');
    const checked = validateRoute(
      {
        name: ' Run ',
        origin: { lat: 31.2, lng: 121.4, name: '' },
        waypoints: [{ lat: 31.25, lng: 121.45, name: 'Bridge' }],
        destination: { lat: 31.3, lng: 121.5 },
        fenceRadiusM: 1500,
        description: '',
      },
      t,
    );
    expect(checked).toEqual({
      body: {
        name: ' Run ',
        origin: { lat: 31.2, lng: 121.4 },
        waypoints: [{ lat: 31.25, lng: 121.45, name: 'Bridge' }],
        destination: { lat: 31.3, lng: 121.5 },
        fenceRadiusM: 1500,
        description: '',
      },
    });
  });

  it('a location over 1000 km or with two polygon corners is refused in Chinese; no corners is a circle', async () => {
    const t = await testT('zh-CN');
    const base = { ...newLocation(), name: '冷库', lat: 31.2, lng: 121.4 };
    const far = validateLocation({ ...base, fenceRadiusM: 1_000_001 }, t);
    expect('errors' in far && far.errors).toEqual([
      { name: ['fenceRadiusM'], errors: ['围栏半径必须大于0且不超过1000公里'] },
    ]);
    const two = validateLocation(
      {
        ...base,
        polygon: [
          { lat: 31, lng: 121 },
          { lat: 31.1, lng: 121 },
        ],
      },
      t,
    );
    expect('errors' in two && two.errors).toEqual([{ name: ['polygon'], errors: ['多边形围栏至少需要3个顶点'] }]);
    const circle = validateLocation({ ...base, polygon: [] }, t);
    expect('body' in circle && circle.body.polygon).toBeNull();
    const stored = {
      id: 'x',
      name: 'A',
      address: '',
      lat: 1,
      lng: 2,
      fenceRadiusM: 10,
      fenceEnabled: false,
      polygon: null,
      createBy: null,
      createTime: 0,
    };
    expect(locationToForm(stored)).toEqual({
      name: 'A',
      address: '',
      lat: 1,
      lng: 2,
      fenceRadiusM: 10,
      fenceEnabled: false,
      polygon: null,
    });
  });
});
