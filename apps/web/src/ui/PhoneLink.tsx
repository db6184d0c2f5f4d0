import { Anchor } from '@mantine/core';
import { formatPhone } from '@referwell/contracts';

/** A phone number as every screen shows it (formatPhone), dialled as stored when tapped. */
export function PhoneLink({ phone }: { phone: string }) {
  return <Anchor href={`tel:${phone}`}>{formatPhone(phone)}</Anchor>;
}
