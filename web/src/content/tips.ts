import { z } from 'zod'

import { defineContent, text } from './schema.ts'

/**
 * Tips for memory and cognitive health (SPEC §2 "/cognivue": eight tip cards; §9 facts: at least
 * 150 minutes of moderate aerobic exercise per week, 7 to 9 hours of sleep a night).
 */
const tipSchema = z.strictObject({
  key: z.enum(['eat', 'exercise', 'hearing', 'connections', 'medication', 'vision', 'sleep', 'mind']),
  title: text,
  text: text,
})

export type Tip = z.infer<typeof tipSchema>

export const tips: readonly Tip[] = defineContent('tips', z.array(tipSchema).length(8), [
  {
    key: 'eat',
    title: 'Eat Healthy',
    text: 'Choose vegetables, fruit, whole grains, fish and olive oil. A heart-healthy diet is good for the brain too.',
  },
  {
    key: 'exercise',
    title: 'Exercise Regularly',
    text: 'Aim for at least 150 minutes of moderate aerobic exercise per week, such as brisk walking, swimming or cycling.',
  },
  {
    key: 'hearing',
    title: 'Healthy Hearing',
    text: 'Untreated hearing loss makes the brain work harder. Have your hearing checked and wear your hearing aids every day.',
  },
  {
    key: 'connections',
    title: 'Maintain Connections',
    text: 'Time with family and friends, clubs and volunteering keeps your mind engaged and your spirits up.',
  },
  {
    key: 'medication',
    title: 'Medication Management',
    text: 'Take medicines as prescribed and review them with your doctor: some can affect memory and balance.',
  },
  {
    key: 'vision',
    title: 'Optimal Vision',
    text: 'Have your eyes checked regularly. Seeing well keeps you reading, driving and enjoying your hobbies.',
  },
  {
    key: 'sleep',
    title: 'Sleep & Relax',
    text: 'Adults should aim for 7 to 9 hours of sleep a night. Rest and calm routines help the brain recover.',
  },
  {
    key: 'mind',
    title: 'Stay Mentally Fit',
    text: 'Learn something new: puzzles, reading, music or a new language all challenge and strengthen the brain.',
  },
])
