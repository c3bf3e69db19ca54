import styled from 'styled-components'

import { Badge, type BadgeTone } from '@/components/ui/badge'
import type { Role } from '@/types/user'

/** SPEC §6 badge styles: admin destructive, staff secondary, customer outline. */
const tones: Record<Role, BadgeTone> = { admin: 'destructive', staff: 'secondary', customer: 'outline' }

export function RoleBadge({ role }: { role: Role }) {
  return <Capitalized $tone={tones[role]}>{role}</Capitalized>
}

const Capitalized = styled(Badge)`
  text-transform: capitalize;
`
