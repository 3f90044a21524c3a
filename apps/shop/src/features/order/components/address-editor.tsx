import type { AddressView } from '@yaocai/domain';
import { lazy, type ReactNode, Suspense, useState } from 'react';

// The dialog's form (antd's Modal, Form, Checkbox) loads when the buyer first adds or edits an
// address, not with the address list or the checkout page.
const AddressFormModal = lazy(() =>
  import('./AddressFormModal').then((m) => ({ default: m.AddressFormModal })),
);

/**
 * The add/edit address dialog of a screen: `add()` opens it empty, `edit(address)` filled in;
 * render `dialog` once. `onSaved` gets the id of the saved address.
 */
export function useAddressEditor(onSaved?: (id: number) => void): {
  add(): void;
  edit(address: AddressView): void;
  dialog: ReactNode;
} {
  const [asked, setAsked] = useState(false);
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<AddressView>();
  const show = (address?: AddressView) => {
    setEditing(address);
    setAsked(true);
    setOpen(true);
  };
  return {
    add: () => show(),
    edit: show,
    dialog: asked && (
      <Suspense fallback={null}>
        <AddressFormModal open={open} address={editing} onClose={() => setOpen(false)} onSaved={onSaved} />
      </Suspense>
    ),
  };
}
