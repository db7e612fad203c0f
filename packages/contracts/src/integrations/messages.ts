import type { BilingualText } from '../i18n';

/** Envelope messages of Modbus devices and third-party integrations, merged into `MESSAGES`. */
export const INTEGRATION_MESSAGES = {
  modbusNotFound: { 'zh-CN': 'Modbus 设备配置不存在', 'en-US': 'Modbus device configuration not found' },
  modbusDeviceTaken: {
    'zh-CN': '设备 {device} 已配置 Modbus 采集',
    'en-US': 'Device {device} already has a Modbus configuration',
  },
  modbusDeviceFed: {
    'zh-CN': '设备 {device} 已由第三方集成 {name} 接入',
    'en-US': 'Device {device} is already fed by the integration {name}',
  },
  modbusWriteUnsupported: {
    'zh-CN': '该设备的寄存器表没有可写入此命令的寄存器',
    'en-US': 'The register map of this device has no register for this command',
  },
  modbusWriteFailed: {
    'zh-CN': '写入 Modbus 寄存器失败：{error}',
    'en-US': 'Writing the Modbus register failed: {error}',
  },
  thirdPartyNotFound: { 'zh-CN': '第三方集成不存在', 'en-US': 'Integration not found' },
  thirdPartyNameExists: { 'zh-CN': '集成名称已存在', 'en-US': 'An integration with this name already exists' },
  thirdPartyBadKey: { 'zh-CN': '集成密钥无效', 'en-US': 'Invalid integration key' },
  thirdPartyReplay: {
    'zh-CN': '请求已处理过或时间戳超出允许范围',
    'en-US': 'Request already processed or its timestamp is out of range',
  },
  thirdPartyUnknownDevice: {
    'zh-CN': '设备 {device} 不存在或不属于该集成',
    'en-US': 'Device {device} does not exist or is not part of this integration',
  },
  thirdPartyUnknownField: {
    'zh-CN': '字段 {field} 不是该集成类型的参数',
    'en-US': 'Field {field} is not a parameter of this integration type',
  },
  v4ScopeRefused: {
    'zh-CN': '访问参数 at/guid/uid 与当前登录不符',
    'en-US': 'The at/guid/uid parameters do not match the signed-in session',
  },
} as const satisfies Record<string, BilingualText>;

/** Field-error texts of register maps and Modbus configs, merged into `VALIDATION_MESSAGES`. */
export const INTEGRATION_VALIDATION_MESSAGES = {
  'validation.modbusAddressRange': {
    'zh-CN': '寄存器地址须在 0 到 65535 之间（含 32 位值的第二个寄存器）',
    'en-US': 'Register address must be within 0-65535 (including the second register of a 32-bit value)',
  },
  'validation.modbusRegisterOverlap': {
    'zh-CN': '寄存器与同类型的另一寄存器重叠',
    'en-US': 'The register overlaps another register of the same kind',
  },
  'validation.modbusWriteInput': {
    'zh-CN': '输入寄存器不可写，命令只能配置在保持寄存器上',
    'en-US': 'Input registers are read-only: commands need a holding register',
  },
  'validation.modbusParamTwice': {
    'zh-CN': '同一参数只能由一个寄存器读取',
    'en-US': 'A parameter may be read from one register only',
  },
  'validation.modbusScaleZero': { 'zh-CN': '倍率不能为 0', 'en-US': 'The scale must not be 0' },
  'validation.modbusHost': {
    'zh-CN': '请输入有效的主机名或 IP 地址',
    'en-US': 'Enter a valid host name or IP address',
  },
  'validation.modbusPollPeriod': {
    'zh-CN': '采集周期须在 100 毫秒到 1 小时之间',
    'en-US': 'The poll period must be between 100 ms and 1 hour',
  },
} as const satisfies Record<string, BilingualText>;
