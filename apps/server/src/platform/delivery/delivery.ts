import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { outboxMessages } from './outbox.table.js';

export interface Delivery {
  email(to: string, subject: string, text: string): Promise<void>;
  sms(to: string, text: string): Promise<void>;
  /** A voice call reading the text out, for numbers that cannot take texts. */
  voice(to: string, text: string): Promise<void>;
  /** How each channel is delivered, for the health report. */
  modes: { email: 'smtp' | 'outbox'; sms: 'webhook' | 'outbox' };
}

interface DeliveryConfig {
  smtpUrl?: string;
  mailFrom: string;
  smsWebhookUrl?: string;
  smsWebhookToken?: string;
}

/**
 * E-mail goes through SMTP and texts/calls through the SMS provider's webhook when configured.
 * Otherwise (development and tests only: production config requires both) every message lands
 * in the outbox table, which the development outbox page lists.
 */
export function createDelivery(db: Db, config: DeliveryConfig, log: FastifyBaseLogger): Delivery {
  const toOutbox = async (channel: 'email' | 'sms' | 'voice', to: string, subject: string | null, body: string) => {
    await db.insert(outboxMessages).values({ channel, to, subject, body });
    log.info({ channel, to }, 'message kept in the development outbox');
  };

  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;

  const postToSmsProvider = async (channel: 'sms' | 'voice', to: string, body: string) => {
    const res = await fetch(config.smsWebhookUrl!, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(config.smsWebhookToken ? { authorization: `Bearer ${config.smsWebhookToken}` } : {}),
      },
      body: JSON.stringify({ channel, to, body }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
  };

  return {
    modes: { email: transport ? 'smtp' : 'outbox', sms: config.smsWebhookUrl ? 'webhook' : 'outbox' },
    async email(to, subject, text) {
      if (!transport) return toOutbox('email', to, subject, text);
      await transport.sendMail({ from: config.mailFrom, to, subject, text });
    },
    async sms(to, text) {
      if (!config.smsWebhookUrl) return toOutbox('sms', to, null, text);
      await postToSmsProvider('sms', to, text);
    },
    async voice(to, text) {
      if (!config.smsWebhookUrl) return toOutbox('voice', to, null, text);
      await postToSmsProvider('voice', to, text);
    },
  };
}
