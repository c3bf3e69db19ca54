import { OUTBOX_TOPICS, type OutboxTopic, type PatientLanguage } from '@hearing/contracts'
import type { ColumnType, Generated, Selectable } from 'kysely'

export interface LocationsTable {
  uid: string
  name: string
  position: number
  created_at: Generated<Date>
}

/** What messaging-sync delivers: an e-mail (SMTP) or a call of the messaging provider. */
export const TOPICS = OUTBOX_TOPICS
export type Topic = OutboxTopic

/**
 * Where a delivery is. pending: committed, no job yet; queued: a job exists (retried quickly with
 * backoff); waiting: the quick retries ran out, retried slowly at retry_at ("stuck" for staff);
 * delivered: the SMTP server or the provider took it; local: kept here (no SMTP / local provider);
 * failed: given up, last_error says why; refused: a producer could not hand it over (invalid).
 */
export const DELIVERY_STATUSES = ['pending', 'queued', 'waiting', 'delivered', 'local', 'failed', 'refused'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

/** Every piece of work handed to messaging-sync, and its one status machine (staff read it). */
export interface DeliveriesTable {
  id: Generated<string>
  /** The producer (identity, scheduling, shop, messaging-sync itself) and its idempotency key. */
  source: string
  key: string
  topic: Topic
  /** The topic's payload; null for what was refused at hand-over. */
  payload: ColumnType<unknown, string | null, string | null>
  status: ColumnType<DeliveryStatus, DeliveryStatus | undefined, DeliveryStatus>
  attempts: Generated<number>
  last_error: string | null
  /** The provider's id of what it created (message, contact, appointment). */
  provider_ref: string | null
  created_at: Generated<Date>
  queued_at: Date | null
  retry_at: Date | null
  delivered_at: Date | null
  /** Staff marked it handled (the inbox). */
  handled_at: Date | null
  /** The Sync Existing Users run that created it. */
  batch_id: ColumnType<string | null, string | null | undefined, string | null>
  /** The staff member who looks after this message (the inbox), and their name when assigned. */
  assigned_to: ColumnType<string | null, never, string | null>
  assigned_name: ColumnType<string | null, never, string | null>
  assigned_at: ColumnType<Date | null, never, Date | null>
  /** The language of the patient who sent it (a contact message); null when not a patient's message. */
  language: ColumnType<PatientLanguage | null, PatientLanguage | null | undefined, PatientLanguage | null>
}
export type Delivery = Selectable<DeliveriesTable>

/** The spec's messaging integration record, one per user. */
export interface ContactLinksTable {
  user_id: string
  /** The provider's contact id (the local provider: local:<user id>). */
  contact_id: string
  last_synced: Generated<Date>
  /** When the SPA showed the user "Welcome!" (once). */
  welcomed_at: Date | null
}

/** Which account a phone belongs to at the messaging provider: the first synced with it (households share phones). */
export interface ContactPhonesTable {
  /** E.164. */
  phone: string
  user_id: string
  claimed_at: Generated<Date>
}

/** The provider's OAuth tokens: server-side only, never logged, never sent to a browser. */
export interface ProviderTokensTable {
  provider: string
  /** Sealed under PROVIDER_TOKEN_SECRET (kit seal.ts) when wrap_key_id is set; in clear only in rows from before sealing, until the next boot. */
  access_token: string
  refresh_token: string
  /** Which wrapping key sealed the tokens; null: not sealed yet. */
  wrap_key_id: string | null
  expires_at: Date
  connected_by: string | null
  updated_at: Generated<Date>
}

/** An admin's connection in progress: the SHA-256 of its OAuth `state`. */
export interface OauthStatesTable {
  state_hash: string
  /** SHA-256 of the cookie the admin's browser was given when they started. */
  browser_hash: string
  created_by: string
  /** The admin's session (access token sid): ended, and the state is worthless. */
  session_id: string
  created_at: Generated<Date>
}

/** A Sync Existing Users run; at most one is running. */
export interface ContactSyncsTable {
  id: Generated<string>
  status: ColumnType<'running' | 'completed' | 'failed', 'running' | undefined, 'running' | 'completed' | 'failed'>
  /** The provider it synced to (local or podium). */
  provider: string
  /** Users handed to the provider so far. */
  total: Generated<number>
  /** Users left out, for any reason. */
  skipped: Generated<number>
  /** Of those, users who never confirmed their e-mail address. */
  skipped_unconfirmed: Generated<number>
  /** Every page of users was read from identity. */
  listed: Generated<boolean>
  /** The last user id read (identity's paging). */
  cursor: string | null
  error: string | null
  started_by: string
  started_at: Generated<Date>
  finished_at: Date | null
}

/** A staff member's e-mailed reply to an inbox message. */
export interface InboxRepliesTable {
  id: Generated<string>
  message_id: string
  author_id: string
  author_name: string
  text: string
  /** The e-mail (a delivery of topic email) that carries it; null once that row is purged. */
  email_delivery_id: string | null
  created_at: Generated<Date>
}

export interface Database {
  locations: LocationsTable
  provider_tokens: ProviderTokensTable
  oauth_states: OauthStatesTable
  deliveries: DeliveriesTable
  contact_links: ContactLinksTable
  contact_phones: ContactPhonesTable
  contact_syncs: ContactSyncsTable
  inbox_replies: InboxRepliesTable
}
