/** Device simulator: replays real tracks and series over MQTT (see README.md). */
export { startSimulator, type SimulatorOptions, type SimulatorHandle, type SimulatorStats, type DeviceCredentials } from './mqtt-publisher';
export { buildFleet, loadDefaultFleet, maxSpeed, allReportingDevices, type Fleet, type SimDevice, type SimGateway } from './fleet';
export { messagesBetween, createReplay, type SimMessage, type ReplayClock, type Replay } from './replay';
export { loadFleetData, DATA_DIR, DATA_FILES, type FleetData } from './data-files';
