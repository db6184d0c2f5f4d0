import type { AppContext } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';

/** What happened to an account that its owner should hear of (ASVS V2.2.3). */
export type AccountNotice = 'password-changed' | 'password-reset' | 'email-changed' | 'phone-changed' | 'risky-sign-in';

const NOTICES: Record<AccountNotice, { subject: string; line: string }> = {
  'password-changed': {
    subject: 'Your Referwell password was changed',
    line: 'The password of your Referwell account was changed',
  },
  'password-reset': {
    subject: 'Your Referwell password was reset',
    line: 'The password of your Referwell account was reset with a code e-mailed here',
  },
  'email-changed': {
    subject: 'Your Referwell e-mail address was changed',
    line: 'Your Referwell account was moved to another e-mail address; this one no longer signs in',
  },
  'phone-changed': {
    subject: 'Your Referwell phone number was changed',
    line: 'The phone number of your Referwell account was changed',
  },
  'risky-sign-in': {
    subject: 'New sign-in to your Referwell account',
    line: 'Someone signed in to your Referwell account on a device it had not been used on, after wrong passwords had been tried on it',
  },
};

/**
 * E-mails the owner when their credentials or contact details change, or when a sign-in looks
 * risky. It says what, when and from where, and never the new details themselves. A notice that
 * cannot be sent is logged: the change it reports has already happened.
 */
export function createAccountNotices(ctx: Pick<AppContext, 'delivery' | 'clock' | 'log' | 'config'>) {
  return async function notify(to: string | null, notice: AccountNotice, client: ClientInfo) {
    if (!to) return;
    const { subject, line } = NOTICES[notice];
    const when = `${ctx.clock.now().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    const device = client.userAgent.slice(0, 120) || 'an unknown device';
    const body =
      `${line} on ${when}, from ${device} at address ${client.ip}.\n\n` +
      'If this was you, there is nothing to do. If it was not, reset your password at ' +
      `${ctx.config.publicUrl}/reset-password, end the sessions you do not know under Settings, and tell your practice administrator.\n`;
    try {
      await ctx.delivery.email(to, subject, body);
    } catch (err) {
      ctx.log.error({ err, notice }, 'could not send an account notice');
    }
  };
}
export type AccountNotices = ReturnType<typeof createAccountNotices>;
