import { beijingIsoText } from '@yaocai/domain';

/** The tag colour of a request's status, in the list and on the detail page. */
export const statusColor: Record<string, string> = {
  pending: 'orange',
  listed: 'green',
  unavailable: 'default',
};

export const dateTime = beijingIsoText;
