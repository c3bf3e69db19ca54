import type { Generated, JSONColumnType } from 'kysely'
import type { JWK } from 'jose'

export interface SigningKeysTable {
  kid: string
  algorithm: Generated<string>
  public_jwk: JSONColumnType<JWK>
  private_jwk: JSONColumnType<JWK>
  created_at: Generated<Date>
  retired_at: Date | null
}

export interface Database {
  signing_keys: SigningKeysTable
}
