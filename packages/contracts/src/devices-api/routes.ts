import { z } from 'zod';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import {
  CommandResultSchema,
  DeviceAliasSchema,
  DeviceDetailSchema,
  DeviceEventRecordSchema,
  DeviceInfoSchema,
  DeviceListQuerySchema,
  DeviceMapQuerySchema,
  DeviceMapResultSchema,
  DeviceLogRecordSchema,
  DeviceRangeQuerySchema,
  DeviceRealSchema,
  DeviceRecordSchema,
  DeviceUpdateSchema,
  GatewayDetailSchema,
  GatewayListQuerySchema,
  GatewayRecordSchema,
  GroupAddSchema,
  GroupDevicesQuerySchema,
  GroupListQuerySchema,
  GroupRecordSchema,
  GroupUpdateDevsSchema,
  GroupUpdateSchema,
  HistoryQuerySchema,
  HistoryResultSchema,
  DeviceIdQuerySchema,
  DeviceIdsQuerySchema,
  IngestResultSchema,
  TrackQuerySchema,
  TrackSchema,
} from './schemas';

/**
 * Permission codes of the device area (SPEC §6; menu `perms` and buttons seeded on the device
 * menus). Reads need the menu-level code, writes the button codes of SPEC §2/§6.
 */
export const DEVICE_PERMS = {
  list: 'device:list',
  edit: 'device:edit',
  shutdown: 'device:shutdown',
  alias: 'device:alias',
  export: 'device:export',
  groupList: 'device:group:list',
  groupAdd: 'device:group:add',
  groupEdit: 'device:group:edit',
  groupDelete: 'device:group:delete',
  gatewayList: 'device:gateway:list',
} as const;

const W = '/wlx/device';
const G = '/wlx/group';
const ok = z.null();

/** Device platform calls (SPEC §7 "devices", v3 `/wlx/...`), relative to the base path. */
export const DeviceRoutes = {
  list: defineRoute({
    method: 'GET',
    path: `${W}/listDevCommon`,
    access: DEVICE_PERMS.list,
    tag: 'devices',
    summary: 'Paged device list with latest values',
    query: DeviceListQuerySchema,
    result: pageResultOf(DeviceRecordSchema),
  }),
  map: defineRoute({
    method: 'GET',
    path: `${W}/listDevMap`,
    access: DEVICE_PERMS.list,
    tag: 'devices',
    summary: 'Devices with a latest position for the device map (WGS-84)',
    query: DeviceMapQuerySchema,
    result: DeviceMapResultSchema,
  }),
  view: defineRoute({
    method: 'GET',
    path: `${W}/viewById`,
    access: DEVICE_PERMS.list,
    tag: 'devices',
    summary: 'Device detail with period settings',
    query: DeviceIdQuerySchema,
    result: DeviceDetailSchema,
  }),
  real: defineRoute({
    method: 'GET',
    path: `${W}/viewRealById`,
    access: DEVICE_PERMS.list,
    tag: 'devices',
    summary: 'Real-time values (newest device time)',
    query: DeviceIdQuerySchema,
    result: DeviceRealSchema,
  }),
  history: defineRoute({
    method: 'GET',
    path: `${W}/viewHisCommon`,
    access: DEVICE_PERMS.list,
    tag: 'devices',
    summary: 'History: table pages or downsampled chart series',
    query: HistoryQuerySchema,
    result: HistoryResultSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: `${W}/update`,
    access: DEVICE_PERMS.edit,
    tag: 'devices',
    summary: 'Edit a device; period settings go down as a setPeriods command',
    body: DeviceUpdateSchema,
    result: DeviceDetailSchema,
  }),
  shutdown: defineRoute({
    method: 'POST',
    path: `${W}/shutdown`,
    access: DEVICE_PERMS.shutdown,
    tag: 'devices',
    summary: 'Remote shutdown (refused when the device is already off)',
    body: DeviceIdQuerySchema,
    result: CommandResultSchema,
  }),
  alias: defineRoute({
    method: 'PUT',
    path: `${W}/modifyDevAlias`,
    access: DEVICE_PERMS.alias,
    tag: 'devices',
    summary: 'Change the alias',
    body: DeviceAliasSchema,
    result: ok,
  }),
  info: defineRoute({
    method: 'PUT',
    path: `${W}/modifyDevInfo`,
    access: DEVICE_PERMS.edit,
    tag: 'devices',
    summary: 'Change name, firmware, group or binding',
    body: DeviceInfoSchema,
    result: ok,
  }),
  byIds: defineRoute({
    method: 'GET',
    path: `${W}/getInfoByIds`,
    access: DEVICE_PERMS.list,
    tag: 'devices',
    summary: 'Devices by comma-separated ids',
    query: DeviceIdsQuerySchema,
    result: z.array(DeviceRecordSchema),
  }),
  events: defineRoute({
    method: 'GET',
    path: `${W}/eventList`,
    access: DEVICE_PERMS.list,
    tag: 'devices',
    summary: 'Device events (power, flight, low power, charging)',
    query: DeviceRangeQuerySchema,
    result: pageResultOf(DeviceEventRecordSchema),
  }),
  logs: defineRoute({
    method: 'GET',
    path: `${W}/logList`,
    access: DEVICE_PERMS.list,
    tag: 'devices',
    summary: 'Device log: commands, acks, config changes',
    query: DeviceRangeQuerySchema,
    result: pageResultOf(DeviceLogRecordSchema),
  }),
  track: defineRoute({
    method: 'GET',
    path: `${W}/track`,
    access: DEVICE_PERMS.list,
    tag: 'devices',
    summary: 'Positions for a range (WGS-84)',
    query: TrackQuerySchema,
    result: TrackSchema,
  }),
  groupList: defineRoute({
    method: 'GET',
    path: `${G}/list`,
    access: DEVICE_PERMS.groupList,
    tag: 'device-groups',
    summary: 'Paged groups',
    query: GroupListQuerySchema,
    result: pageResultOf(GroupRecordSchema),
  }),
  groupAdd: defineRoute({
    method: 'POST',
    path: `${G}/add`,
    access: DEVICE_PERMS.groupAdd,
    tag: 'device-groups',
    summary: 'Add a group (name 4-20 characters)',
    body: GroupAddSchema,
    result: GroupRecordSchema,
  }),
  groupUpdate: defineRoute({
    method: 'PUT',
    path: `${G}/update`,
    access: DEVICE_PERMS.groupEdit,
    tag: 'device-groups',
    summary: 'Rename a group',
    body: GroupUpdateSchema,
    result: GroupRecordSchema,
  }),
  groupDelete: defineRoute({
    method: 'DELETE',
    path: `${G}/del`,
    access: DEVICE_PERMS.groupDelete,
    tag: 'device-groups',
    summary: 'Delete a group (its devices become ungrouped)',
    query: z.object({ id: z.string().min(1) }),
    result: ok,
  }),
  groupDevices: defineRoute({
    method: 'GET',
    path: `${G}/listGrpDev`,
    access: DEVICE_PERMS.groupList,
    tag: 'device-groups',
    summary: 'Devices of a group',
    query: GroupDevicesQuerySchema,
    result: pageResultOf(DeviceRecordSchema),
  }),
  groupUpdateDevs: defineRoute({
    method: 'PUT',
    path: `${G}/updateDevs`,
    access: DEVICE_PERMS.groupEdit,
    tag: 'device-groups',
    summary: 'Replace the devices of a group',
    body: GroupUpdateDevsSchema,
    result: ok,
  }),
  gatewayList: defineRoute({
    method: 'GET',
    path: '/wlx/gateway/list',
    access: DEVICE_PERMS.gatewayList,
    tag: 'gateways',
    summary: 'Paged gateways',
    query: GatewayListQuerySchema,
    result: pageResultOf(GatewayRecordSchema),
  }),
  gatewayView: defineRoute({
    method: 'GET',
    path: '/wlx/gateway/viewById',
    access: DEVICE_PERMS.gatewayList,
    tag: 'gateways',
    summary: 'Gateway with its sub-devices',
    query: DeviceIdQuerySchema,
    result: GatewayDetailSchema,
  }),
} as const;

/**
 * `GET /wlx/device/exportXls?ids=a,b` (permission `device:export`): the selected devices with
 * their latest values as a legacy `.xls` workbook (SPEC §7 export, §3 export columns). Not in the
 * route table because it answers a file, not the envelope.
 */
export const DEVICE_EXPORT_PATH = `${W}/exportXls`;

const deviceParam = z.object({ deviceId: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/) });
const gatewayParam = z.object({ gatewayId: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/) });
/**
 * HTTP ingest (ARCHITECTURE §5 "or HTTP POST"): the same JSON bodies as the MQTT topics,
 * authenticated with the device's own secret (`X-Device-Secret` header or HTTP Basic
 * `deviceId:secret`), not a user session. Rejected readings are dead-lettered like MQTT ones.
 */
export const IngestRoutes = {
  telemetry: defineRoute({
    method: 'POST',
    path: '/ingest/devices/:deviceId/telemetry',
    access: 'public',
    tag: 'ingest',
    summary: 'One reading of the device (TelemetryPayload)',
    params: deviceParam,
    result: IngestResultSchema,
  }),
  events: defineRoute({
    method: 'POST',
    path: '/ingest/devices/:deviceId/events',
    access: 'public',
    tag: 'ingest',
    summary: 'A device event (DeviceEventPayload)',
    params: deviceParam,
    result: IngestResultSchema,
  }),
  acks: defineRoute({
    method: 'POST',
    path: '/ingest/devices/:deviceId/acks',
    access: 'public',
    tag: 'ingest',
    summary: 'A command ack (CommandAckPayload)',
    params: deviceParam,
    result: IngestResultSchema,
  }),
  gateway: defineRoute({
    method: 'POST',
    path: '/ingest/gateways/:gatewayId/telemetry',
    access: 'public',
    tag: 'ingest',
    summary: 'Sub-device readings relayed by a gateway (GatewayTelemetryPayload)',
    params: gatewayParam,
    result: IngestResultSchema,
  }),
} as const;

/** Header carrying a device secret on HTTP ingest. */
export const HEADER_DEVICE_SECRET = 'X-Device-Secret';
