import type { ColumnType, Generated, JSONColumnType, Kysely } from 'kysely'
import type { JWK } from 'jose'
import type { OutboxTable, Role } from '@hearing/service-kit'

export interface SigningKeysTable {
  kid: string
  algorithm: Generated<string>
  public_jwk: JSONColumnType<JWK>
  /** Only rows from before sealing; the boot seals them and clears this. */
  private_jwk: JSONColumnType<JWK | null, string | null, string | null>
  /** The private JWK sealed under SIGNING_KEY_SECRET (signing-keys/seal.ts); null once retired. */
  private_jwk_sealed: string | null
  /** Which secret sealed it (a fingerprint, not the secret). */
  wrap_key_id: string | null
  created_at: Generated<Date>
  /** Published from creation, signing from this time. */
  activates_at: ColumnType<Date, Date | string | undefined, Date | string>
  retired_at: Date | null
}

/** Written as Date or ISO text, always read as Date. */
type Timestamp = ColumnType<Date, Date | string, Date | string>

export interface UsersTable {
  id: Generated<string>
  /** Trimmed and lower-cased; unique. */
  email: string
  email_verified_at: Timestamp | null
  /** Versioned scrypt hash; null for accounts that only sign in with Google or await an invite. */
  password_hash: string | null
  google_sub: string | null
  role: Generated<Role>
  first_name: string | null
  last_name: string | null
  phone: string | null
  address_line1: string | null
  address_line2: string | null
  city: string | null
  state: string | null
  zip_code: string | null
  country: Generated<string>
  preferred_location_uid: string | null
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

export interface RefreshTokensTable {
  id: Generated<string>
  user_id: string
  /** Every token rotated from one sign-in shares its family. */
  family_id: string
  /** SHA-256 of the cookie value (hex). */
  token_hash: string
  created_at: Generated<Date>
  /** Idle expiry: pushed forward by each rotation, never past absolute_expires_at. */
  expires_at: Timestamp
  absolute_expires_at: Timestamp
  used_at: Timestamp | null
  replaced_by: string | null
  /**
   * The successor's cookie value, encrypted with a key derived from this token's own value, so
   * that a second tab presenting this token within the grace period gets the same successor.
   */
  successor_sealed: string | null
  revoked_at: Timestamp | null
}

export type OneTimePurpose = 'confirm' | 'reset' | 'invite'

export interface OneTimeTokensTable {
  token_hash: string
  user_id: string
  purpose: OneTimePurpose
  created_at: Generated<Date>
  expires_at: Timestamp
  used_at: Timestamp | null
}

export interface LoginThrottleTable {
  /** SHA-256 of 'account:<email>' or 'address:<ip>' (no e-mail addresses at rest here). */
  key: string
  window_start: Timestamp
  failures: number
}

/** An e-mail as identity hands it to messaging-sync (topic 'email' of the kit's outbox). */
export interface OutboxEmail {
  to: string
  subject: string
  text: string
  html: string
  /** confirm, reset or invite: staff see what it is, never its link. */
  kind: string
}

export interface TrustedDevicesTable {
  /** SHA-256 of the hc_device cookie value. */
  token_hash: string
  user_id: string
  created_at: Generated<Date>
  last_used_at: Generated<Date>
}

export interface Database {
  signing_keys: SigningKeysTable
  users: UsersTable
  refresh_tokens: RefreshTokensTable
  one_time_tokens: OneTimeTokensTable
  login_throttle: LoginThrottleTable
  trusted_devices: TrustedDevicesTable
  /** Same shape: requests (sign-ups, e-mails) counted per address and recipient. */
  request_throttle: LoginThrottleTable
  /** The kit's transactional outbox (outboxMigration): e-mails handed to messaging-sync. */
  outbox: OutboxTable<OutboxEmail>
}

/** The service's database, or a transaction on it: what every repository function takes first. */
export type Db = Kysely<Database>
