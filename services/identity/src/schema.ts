/** The Postgres schema identity owns. */
export const SCHEMA = 'identity'
