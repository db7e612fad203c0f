/** Device simulator: replays real tracks and series over MQTT (see README.md). */
export {
  startSimulator,
  type SimulatorOptions,
  type SimulatorHandle,
  type SimulatorStats,
  type DeviceCredentials,
} from './mqtt-publisher';
export {
  buildFleet,
  loadDefaultFleet,
  maxSpeed,
  allReportingDevices,
  type Fleet,
  type SimDevice,
  type SimGateway,
} from './fleet';
export { messagesBetween, createReplay, type SimMessage, type ReplayClock, type Replay } from './replay';
export { loadFleetData, DATA_DIR, DATA_FILES, type FleetData } from './data-files';
export {
  AM1_RESET_AT_S,
  BOILER_OVERLOAD_LEAD_MS,
  ODEN_EXCURSION_LEAD_MS,
  ODEN_SET_POINTS,
  POT_SET_POINTS,
  odenExcursion,
} from './equipment-fleet';
export { createEquipmentControl, type EquipmentControl, type CommandOutcome } from './equipment-control';
export { arrivalPhase } from './equipment-fleet';
export { ammeter3pTimeline } from './equipment-power';
export { heatTimeline } from './equipment-heat';
export type { Timeline } from './fleet';
