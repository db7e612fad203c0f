import type { BilingualText } from '../i18n';

/**
 * Envelope messages of the logistics area, merged into `MESSAGES`. Routes and
 * locations (settings → paths and points) first; later logistics work adds its keys below.
 */
export const LOGISTICS_MESSAGES = {
  routeNotFound: { 'zh-CN': '路线不存在', 'en-US': 'Route not found' },
  routeNameExists: { 'zh-CN': '路线名称已存在', 'en-US': 'A route with this name already exists' },
  locationNotFound: { 'zh-CN': '地点不存在', 'en-US': 'Location not found' },
  locationNameExists: { 'zh-CN': '地点名称已存在', 'en-US': 'A location with this name already exists' },
} as const satisfies Record<string, BilingualText>;

/**
 * Field-error texts of the logistics schemas (`validation.*` keys), merged into
 * `VALIDATION_MESSAGES` so the server and the console translate them (SPEC §5).
 */
export const LOGISTICS_VALIDATION_MESSAGES = {
  'validation.fenceRadius': {
    'zh-CN': '围栏半径必须大于0且不超过1000公里',
    'en-US': 'The fence radius must be greater than 0 and at most 1000 km',
  },
  'validation.latitude': { 'zh-CN': '纬度必须在-90到90之间', 'en-US': 'The latitude must be between -90 and 90' },
  'validation.longitude': { 'zh-CN': '经度必须在-180到180之间', 'en-US': 'The longitude must be between -180 and 180' },
  'validation.polygonTooFew': {
    'zh-CN': '多边形围栏至少需要3个顶点',
    'en-US': 'A polygon fence needs at least 3 corners',
  },
} as const satisfies Record<string, BilingualText>;
