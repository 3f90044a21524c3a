// The online providers behind the configured channels, made once at start from each channel's
// settings (channel-config.ts read and checked them). A new provider is an entry here and a
// settings reader there.
import type { AppConfig } from '../../config';
import type { AlipaySettings } from './alipay/config';
import { createAlipayProvider } from './alipay/provider';
import { type OnlineChannelName, onlineChannelNames, type PaymentChannelName } from './channel-config';
import { type PaymentProvider, registerProvider, sandboxProvider } from './provider';
import type { WechatPaySettings } from './wechat/config';
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
