import { createHmac, randomUUID } from 'node:crypto';
import { startHttpPeer, type HttpPeer, type PeerReply } from './http-peer.fixture';

/**
 * A local Aliyun SMS endpoint: checks a SendSms request the way the RPC gateway documents it and
 * answers with the documented bodies. The signature is recomputed here with its own encoder
 * (byte by byte, per the "Signature mechanism" table), not with the channel's code.
 */
export interface AliyunSmsPeer extends HttpPeer {
  /** Messages accepted (Code OK). */
  sent: { phone: string; params: Record<string, string>; template: Record<string, string> }[];
}

/** The account the peer knows: only this key, signature name and template are accepted. */
export interface AliyunSmsPeerOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** The gateway's clock, ms (default Date.now). */
  now?: () => number;
}

const UNRESERVED = /[A-Za-z0-9\-_.~]/;

/** Encodes as the signature table says: unreserved bytes kept, every other UTF-8 byte %XY upper-case. */
function specEncode(s: string): string {
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += byte < 0x80 && UNRESERVED.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function gatewayError(status: number, code: string, message: string): PeerReply {
  return {
    status,
    json: {
      RequestId: randomUUID().toUpperCase(),
      HostId: 'dysmsapi.aliyuncs.com',
      Code: code,
      Message: message,
      Recommend: `https://api.aliyun.com/troubleshoot?q=${code}`,
    },
  };
}

function smsAnswer(code: string, message: string): PeerReply {
  return { status: 200, json: { RequestId: randomUUID().toUpperCase(), Code: code, Message: message } };
}

/** Starts the peer; `base` is the value for ALIYUN_SMS_ENDPOINT. */
export async function startAliyunSmsPeer(opts: AliyunSmsPeerOptions): Promise<AliyunSmsPeer> {
  const now = opts.now ?? Date.now;
  const nonces = new Set<string>();
  const sent: AliyunSmsPeer['sent'] = [];
  const peer = await startHttpPeer((req) => {
    const raw = req.rawUrl.split('?')[1] ?? '';
    const params: Record<string, string> = {};
    for (const pair of raw.split('&')) {
      const [k, v = ''] = pair.split('=');
      // The canonical encoding never yields '+' or lower-case hex; a request using them would not verify.
      if (/\+|%[0-9a-f][a-f]|%[a-f]/.test(pair))
        return gatewayError(400, 'SignatureDoesNotMatch', `Bad encoding in ${k}`);
      params[decodeURIComponent(k)] = decodeURIComponent(v);
    }
    for (const p of [
      'AccessKeyId',
      'Action',
      'SignatureMethod',
      'SignatureNonce',
      'SignatureVersion',
      'Timestamp',
      'Version',
      'Signature',
    ]) {
      if (!params[p])
        return gatewayError(
          400,
          `MissingParameter`,
          `The input parameter "${p}" that is mandatory for processing this request is not supplied.`,
        );
    }
    if (params.AccessKeyId !== opts.accessKeyId)
      return gatewayError(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    if (params.SignatureMethod !== 'HMAC-SHA1' || params.SignatureVersion !== '1.0') {
      return gatewayError(400, 'InvalidParameter', 'SignatureMethod or SignatureVersion is not supported.');
    }
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(params.Timestamp)) {
      return gatewayError(400, 'InvalidTimeStamp.Format', 'Specified time stamp or date value is not well formatted.');
    }
    if (Math.abs(Date.parse(params.Timestamp) - now()) > 15 * 60_000) {
      return gatewayError(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    }
    const canonical = Object.keys(params)
      .filter((k) => k !== 'Signature')
      .sort()
      .map((k) => `${specEncode(k)}=${specEncode(params[k])}`)
      .join('&');
    const stringToSign = `${req.method}&${specEncode('/')}&${specEncode(canonical)}`;
    const expected = createHmac('sha1', `${opts.accessKeySecret}&`).update(stringToSign).digest('base64');
    if (params.Signature !== expected) {
      return gatewayError(
        400,
        'SignatureDoesNotMatch',
        `Specified signature is not matched with our calculation. server string to sign is:${stringToSign}`,
      );
    }
    if (nonces.has(params.SignatureNonce))
      return gatewayError(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    nonces.add(params.SignatureNonce);
    if (params.Action !== 'SendSms' || params.Version !== '2017-05-25')
      return gatewayError(404, 'InvalidAction.NotFound', 'Specified api is not found.');
    if (params.Format !== 'JSON') return { status: 200, text: '<Error>XML answer</Error>' } as PeerReply;

    if (!/^(\+?86|0086)?1[3-9]\d{9}$/.test(params.PhoneNumbers ?? ''))
      return smsAnswer('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
    if (params.SignName !== opts.signName) return smsAnswer('isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名');
    if (params.TemplateCode !== opts.templateCode)
      return smsAnswer('isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板');
    let template: Record<string, unknown>;
    try {
      template = JSON.parse(params.TemplateParam ?? '') as Record<string, unknown>;
    } catch {
      return smsAnswer('isv.INVALID_JSON_PARAM', 'JSON参数不合法,只接受字符串值');
    }
    for (const v of ['device', 'type', 'value', 'time']) {
      if (typeof template[v] !== 'string' || template[v] === '')
        return smsAnswer('isv.TEMPLATE_MISSING_PARAMETERS', `模板缺少变量 ${v}`);
      if ([...(template[v] as string)].length > 20) return smsAnswer('isv.PARAM_LENGTH_LIMIT', `参数超出长度限制 ${v}`);
    }
    sent.push({ phone: params.PhoneNumbers, params, template: template as Record<string, string> });
    return {
      status: 200,
      json: { RequestId: randomUUID().toUpperCase(), Message: 'OK', BizId: `${Date.now()}^0`, Code: 'OK' },
    };
  });
  return Object.assign(peer, { sent });
}
