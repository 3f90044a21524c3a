import { jobKinds } from '@yaocai/domain';
import type { JobsConfig } from '../../config';
import { remindersJob } from '../message/jobs';
import { orderAutoReceiveJob, orderExpireJob } from '../order/jobs';
import { refundPollJob } from '../payment/jobs';
import { pointsExpireJob } from '../points/jobs';
import { webhookDeliverJob } from '../webhooks/jobs';
import type { JobKind } from './kind';

/** Every background job of the server: the runners loop over this list. */
export const allJobKinds: readonly JobKind[] = [
  orderExpireJob,
  orderAutoReceiveJob,
  remindersJob,
  pointsExpireJob,
  refundPollJob,
  webhookDeliverJob,
];

export const jobTitle = (kind: JobKind) => jobKinds[kind.name];

/** The kinds this configuration schedules (a kind whose seconds are 0 is off). */
export const scheduledKinds = (config: JobsConfig) =>
  allJobKinds.filter((kind) => kind.everySeconds(config) > 0);
