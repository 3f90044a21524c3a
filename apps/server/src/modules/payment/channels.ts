// The online providers behind the configured channels, made once at start from each channel's
// settings (lib/payment-channels/channels.ts read and checked them). A new provider is an entry here and a
// settings reader there.
import type { AppConfig } from '../../config';
import type { AlipaySettings } from '../../lib/payment-channels/alipay';
import {
  type OnlineChannelName,
  onlineChannelNames,
  type PaymentChannelName,
} from '../../lib/payment-channels/channels';
import type { WechatPaySettings } from '../../lib/payment-channels/wechat';
import { createAlipayProvider } from './alipay/provider';
import { type PaymentProvider, registerProvider, sandboxProvider } from './provider';
import { createWechatPayProvider } from './wechat/provider';

type Factory = (settings: unknown) => PaymentProvider;

const factories: Record<OnlineChannelName, Factory | undefined> = {
  sandbox: () => sandboxProvider,
  wechat: (settings) => createWechatPayProvider(settings as WechatPaySettings),
  alipay: (settings) => createAlipayProvider(settings as AlipaySettings),
};

const isOnline = (name: PaymentChannelName): name is OnlineChannelName =>
  (onlineChannelNames as readonly string[]).includes(name);

/** The configured online channels' providers, registered for the trades' lookups by name. */
export function startOnlineProviders(config: AppConfig): PaymentProvider[] {
  const started: PaymentProvider[] = [];
  for (const name of config.paymentChannels) {
    if (!isOnline(name)) continue;
    const factory = factories[name];
    if (!factory) throw new Error(`payment channel ${name}: not available in this build`);
    const provider = factory(config.paymentSettings[name]);
    registerProvider(provider);
    started.push(provider);
  }
  return started;
}
