import type { UseMutationResult } from '@tanstack/react-query';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

type Named = { id: number; name: string };

/** Asks before a contact leaves the address book; `whose` says whose book it is ("Riverside's", "your"). */
export function RemoveContactDialog({
  contact,
  whose,
  remove,
  onClose,
}: {
  contact: Named | null;
  whose: string;
  remove: UseMutationResult<unknown, Error, Named>;
  onClose: () => void;
}) {
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={contact !== null}
      title="Remove contact"
      confirmLabel="Remove"
      loading={remove.isPending}
      error={remove.error}
      onCancel={close}
      onConfirm={() => contact && remove.mutate(contact, { onSuccess: close })}
    >
      Remove {contact?.name} from {whose} contacts? Referrals and chats with them stay as they are.
    </ConfirmDialog>
  );
}
