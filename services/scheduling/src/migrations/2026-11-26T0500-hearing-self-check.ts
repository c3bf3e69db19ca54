import { sql, type Migration } from 'kysely'

/**
 * A booking made from the hearing self-check carries its ten answers (yes, sometimes or no, in the
 * questionnaire's order) and the total the service computed from them (0 to 40, always even):
 * both or neither.
 */
export const hearingSelfCheck: Migration = {
  async up(db) {
    await sql`
      alter table appointments
        add column hearing_check_answers text[],
        add column hearing_check_score smallint,
        add constraint appointments_hearing_check_check check (
          (hearing_check_answers is null and hearing_check_score is null)
          or (
            cardinality(hearing_check_answers) = 10
            and hearing_check_answers <@ array['yes', 'sometimes', 'no']
            and hearing_check_score between 0 and 40
            and hearing_check_score % 2 = 0
          )
        )
    `.execute(db)
  },
  async down(db) {
    await sql`
      alter table appointments
        drop constraint appointments_hearing_check_check,
        drop column hearing_check_score,
        drop column hearing_check_answers
    `.execute(db)
  },
}
