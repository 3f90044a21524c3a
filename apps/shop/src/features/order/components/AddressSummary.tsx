import type { AddressView } from '@yaocai/domain';
import { Tag } from 'antd';

/** The mark of the buyer's default delivery address, alike at checkout and on /addr. */
export function DefaultAddressTag() {
  return <Tag color="orange">默认地址</Tag>;
}

/** One delivery address on a line: consignee, phone, the address and the default mark. */
export function AddressSummary({ address }: { address: AddressView }) {
  return (
    <>
      <strong>{address.consignee}</strong> {address.phone} {address.full}{' '}
      {address.is_default && <DefaultAddressTag />}
    </>
  );
}
