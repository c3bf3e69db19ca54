import { serviceNamed } from '@hearing/contracts'

/** The Postgres schema identity owns (named in the service registry). */
export const SCHEMA = serviceNamed('identity').schema
