import * as Dysmsapi from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import { sms as tencentSms } from 'tencentcloud-sdk-nodejs-sms';
import type { SmsConfig } from '../config';

/** One message as the vendor's SendSms takes it. */
export interface SmsSendRequest {
  phone: string;
  signName: string;
  templateCode: string;
  params: Record<string, string>;
}

/** A vendor's gateway: resolves when the vendor accepted the message, throws otherwise. */
export interface SmsGateway {
  readonly name: 'aliyun' | 'tencent';
  send(request: SmsSendRequest): Promise<void>;
}

// The vendors' SendSms through their official SDKs: Aliyun 短信服务 (dysmsapi 2017-05-25, the
// SDK's default ACS3-HMAC-SHA256 signature) and Tencent Cloud 短信 (sms 2021-01-11, API 3.0
// TC3-HMAC-SHA256; the per-product package `tencentcloud-sdk-nodejs-sms`, not the whole SDK).
// Each throws with the vendor's code and message when the message was not accepted.

/** The SDKs are CommonJS with `exports.default`: under ESM that is one `.default` deeper. */
function defaultExport<T>(module: unknown): T {
  const first = (module as { default?: unknown }).default ?? module;
  return ((first as { default?: unknown }).default ?? first) as T;
}

const SEND_TIMEOUT_MS = 5_000;

/**
 * The vendor's error code and message (the SDKs keep the code beside the message), with the
 * template values blanked: a network error of the Aliyun SDK quotes the whole request URL, whose
 * TemplateParam carries the verification code, and the message goes to the log.
 */
function vendorError(vendor: string, error: unknown, request: SmsSendRequest): Error {
  const e = error as { code?: unknown; message?: unknown };
  let message = `${vendor} ${String(e.code ?? 'error')}: ${String(e.message ?? error)}`;
  for (const value of Object.values(request.params)) {
    if (!value) continue;
    message = message.split(value).join('***').split(encodeURIComponent(value)).join('***');
  }
  return new Error(message.slice(0, 500));
}

export class AliyunSmsGateway implements SmsGateway {
  readonly name = 'aliyun';
  private readonly client: Dysmsapi.default;

  constructor(config: Extract<SmsConfig, { provider: 'aliyun' }>) {
    const url = new URL(config.endpoint);
    const Client = defaultExport<typeof Dysmsapi.default>(Dysmsapi);
    this.client = new Client(
      new $OpenApiUtil.Config({
        accessKeyId: config.accessKeyId,
        accessKeySecret: config.accessKeySecret,
        endpoint: url.host,
        protocol: url.protocol.replace(':', '').toUpperCase(),
        connectTimeout: SEND_TIMEOUT_MS,
        readTimeout: SEND_TIMEOUT_MS,
      }),
    );
  }

  async send(request: SmsSendRequest) {
    const answer = await this.client
      .sendSms(
        new Dysmsapi.SendSmsRequest({
          phoneNumbers: request.phone,
          signName: request.signName,
          templateCode: request.templateCode,
          templateParam: JSON.stringify(request.params),
        }),
      )
      .catch((error) => {
        throw vendorError('aliyun', error, request);
      });
    const body = answer.body;
    // A refusal can come as HTTP 200 with a Code other than OK (a blocked number, a daily limit).
    if (body?.code !== 'OK') throw new Error(`aliyun ${body?.code ?? 'no code'}: ${body?.message ?? ''}`);
  }
}

export class TencentSmsGateway implements SmsGateway {
  readonly name = 'tencent';
  private readonly client: InstanceType<typeof tencentSms.v20210111.Client>;

  constructor(private readonly config: Extract<SmsConfig, { provider: 'tencent' }>) {
    const url = new URL(config.endpoint);
    this.client = new tencentSms.v20210111.Client({
      credential: { secretId: config.secretId, secretKey: config.secretKey },
      region: config.region,
      profile: {
        httpProfile: {
          endpoint: url.host,
          protocol: `${url.protocol}//`,
          reqTimeout: SEND_TIMEOUT_MS / 1000,
        },
      },
    });
  }

  async send(request: SmsSendRequest) {
    const answer = await this.client
      .SendSms({
        PhoneNumberSet: [`+86${request.phone}`],
        SmsSdkAppId: this.config.sdkAppId,
        SignName: request.signName,
        TemplateId: request.templateCode,
        // Tencent's templates number their variables {1}, {2} ...: the params in their order.
        TemplateParamSet: Object.values(request.params),
      })
      .catch((error) => {
        throw vendorError('tencent', error, request);
      });
    const status = answer.SendStatusSet?.[0];
    // The call succeeds while a number can still be refused: each number has its own Code.
    if (status?.Code !== 'Ok')
      throw new Error(`tencent ${status?.Code ?? 'no status'}: ${status?.Message ?? ''}`);
  }
}

export function gatewayOf(config: Exclude<SmsConfig, { provider: 'log' }>): SmsGateway {
  return config.provider === 'aliyun' ? new AliyunSmsGateway(config) : new TencentSmsGateway(config);
}
