import type { ReactNode } from 'react';
import { Modal, type ModalProps } from '@mantine/core';

interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalProps['size'];
  /** The form: mounted only while the dialog is open, so each opening starts from the values it is given. */
  children: ReactNode;
}

/** A centred dialog around one form, such as a new or edited tag, property or intake form. */
export function FormModal({ opened, onClose, title, size, children }: FormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={size}>
      {opened && children}
    </Modal>
  );
}
